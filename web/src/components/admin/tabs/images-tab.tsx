import Plus from 'lucide-react/icons/plus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CAROUSEL_SLOT_COUNT, carouselSlotResponseSchema, imageSlotDisplayId } from '@ridgeline/core';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IMAGE_CONFIG_QUERY_KEY, useImageConfig } from '@/hooks/use-image-config';
import { ImageVariantsProvider } from '@/lib/public-data';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { serverMessage } from '../api-error';
import { ImageSlotSection } from '../images/image-slot-grid';
import {
  FIXED_SLIDES,
  carouselSlots,
  locationSlots,
  planAddSlot,
  propertySlots,
  slotsLeft,
  uploadedSlideCount,
} from '../images/image-slots';
import { TabHeading } from '../tab-heading';

/**
 * Images tab ([images.tab], [images.carousel-slots]): the property, location and carousel slots, each
 * with its own upload; carousel slots can be added (up to 32) and, beyond the first 6, removed.
 */
export function ImagesTab() {
  const queryClient = useQueryClient();
  const config = useImageConfig('admin');
  const [addedKey, setAddedKey] = useState<string | undefined>(undefined);
  const loading = config.isPending;
  const slides = carouselSlots(config.data);
  const left = slotsLeft(config.data);

  const addSlot = useMutation({
    mutationFn: (key: string) => apiSend('PUT', `/api/images/slots/${key}`, carouselSlotResponseSchema, undefined, adminApi.area),
    onSuccess: (_res, key) => {
      setAddedKey(key);
      toast({ title: 'Carousel Slot Added', description: `${imageSlotDisplayId(key)} is ready for an image.` });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Failed to Add Slot',
        description: serverMessage(error) ?? 'Failed to add a carousel slot',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: IMAGE_CONFIG_QUERY_KEY }),
  });

  const onAdd = () => {
    const plan = planAddSlot(config.data);
    if (plan.kind === 'max-reached') {
      toast({
        variant: 'destructive',
        title: 'Maximum Limit Reached',
        description: `You can upload a maximum of ${CAROUSEL_SLOT_COUNT} carousel images`,
      });
    } else if (plan.kind === 'no-slot') {
      toast({
        variant: 'destructive',
        title: 'No Available Slots',
        description: 'Every carousel slot is already in use.',
      });
    } else {
      addSlot.mutate(plan.key);
    }
  };

  return (
    <ImageVariantsProvider variants={config.data?.variants}>
    <section aria-labelledby="images-heading">
      <TabHeading
        id="images-heading"
        title="Images"
        description="Replace the photos of the website. Choose a file for a slot, then click Update."
      />

      {config.isError && (
        <div
          role="alert"
          className="mb-6 flex flex-col items-start gap-3 rounded-xl border border-destructive/40 bg-red-50 p-4 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>
            The image settings could not be loaded
            {serverMessage(config.error) ? `: ${serverMessage(config.error)}` : '.'}
          </p>
          <Button variant="outline" size="sm" onClick={() => void config.refetch()}>
            Try again
          </Button>
        </div>
      )}

      <div className="mb-8 rounded-xl border bg-forest-50 p-4 text-sm text-forest-900">
        <p>Uploaded images are checked, resized and compressed to 15MB or less before they go live.</p>
        <p className="mt-1">
          Carousel slides beyond the first {FIXED_SLIDES} can be removed; a removed slide's image stays uploaded.
        </p>
      </div>

      <div className="grid gap-10">
        <ImageSlotSection
          id="images-property-heading"
          title="Property"
          description="ID-001 to ID-005: the hero, overview and property photos."
          slots={propertySlots(config.data)}
          loading={loading}
        />
        <ImageSlotSection
          id="images-location-heading"
          title="Location"
          description="ID-006 to ID-008: the photos of the location section."
          slots={locationSlots(config.data)}
          loading={loading}
        />
        <ImageSlotSection
          id="images-carousel-heading"
          title={
            <>
              Carousel
              <Badge variant="secondary" className="text-sm">
                {`${uploadedSlideCount(config.data)}/${CAROUSEL_SLOT_COUNT} uploaded`}
              </Badge>
            </>
          }
          description="The Property Showcase slides, ID-009 to ID-040."
          aside={
            <>
              <Button onClick={onAdd} disabled={loading || addSlot.isPending}>
                <Plus aria-hidden="true" />
                Add Carousel Image {left > 0 ? `(${left} left)` : '(Max reached)'}
              </Button>
            </>
          }
          slots={slides}
          loading={loading}
          focusKey={addedKey}
          empty={
            <p className="rounded-xl border border-dashed bg-card/60 px-6 py-10 text-center text-sm text-muted-foreground">
              No carousel slides yet. Add one to upload its image.
            </p>
          }
        />
      </div>
    </section>
    </ImageVariantsProvider>
  );
}
