import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import ImageOff from 'lucide-react/icons/image-off';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Upload from 'lucide-react/icons/upload';
import X from 'lucide-react/icons/x';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { carouselSlotResponseSchema } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import { ADMIN_SESSION_QUERY_KEY } from '@/hooks/use-admin-session';
import { IMAGE_CONFIG_QUERY_KEY } from '@/hooks/use-image-config';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { cn } from '@/lib/utils';
import { serverMessage } from '../api-error';
import { cacheBusted, type ImageSlot } from './image-slots';
import { uploadImage, UPLOAD_FALLBACK_ERROR, UploadError, type UploadResult } from './upload-image';
import { formatBytes, looksLikeImage } from './upload-response';

/** Image upload per slot ([images.tab]): file selected, uploading, done or failed. */
type UploadState =
  | { phase: 'idle' }
  | { phase: 'selected'; file: File }
  | { phase: 'uploading'; file: File; percent: number }
  | { phase: 'done'; result: UploadResult }
  | { phase: 'failed'; file: File; error: string };

/** The image just uploaded, shown cache-busted until the config moves on to another path. */
interface Uploaded {
  path: string;
  version: number;
  /** The slot's config path when the upload finished (the config has not refetched yet). */
  before: string;
}

export interface ImageSlotCardProps {
  slot: ImageSlot;
  /** Focus the file chooser when the card appears (a carousel slot just added). */
  autoFocus?: boolean;
}

/**
 * One managed image slot ([images.tab], [images.upload]): preview, id, name, current path, file
 * chooser and Update; carousel slides beyond the first 6 also get an X that stops managing them.
 */
export function ImageSlotCard({ slot, autoFocus = false }: ImageSlotCardProps) {
  const inputId = useId();
  const statusId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [uploaded, setUploaded] = useState<Uploaded | undefined>(undefined);
  const refreshConfig = () => queryClient.invalidateQueries({ queryKey: IMAGE_CONFIG_QUERY_KEY });

  const remove = useMutation({
    mutationFn: () => apiSend('DELETE', `/api/images/slots/${slot.key}`, carouselSlotResponseSchema, undefined, adminApi.area),
    onSuccess: () =>
      toast({
        title: 'Slide Removed',
        description: `${slot.displayId} is no longer in the carousel; its image file stays uploaded.`,
      }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Remove Failed',
        description: serverMessage(error) ?? 'Failed to remove the slide',
      }),
    onSettled: refreshConfig,
  });

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) {
      setState({ phase: 'idle' });
      return;
    }
    if (!looksLikeImage(file)) {
      clearInput();
      setState({ phase: 'idle' });
      toast({
        variant: 'destructive',
        title: 'Invalid File Type',
        description: 'Please choose an image file (JPEG, PNG, WebP, AVIF, HEIC, GIF or TIFF).',
      });
      return;
    }
    setState({ phase: 'selected', file });
    toast({
      title: 'File Selected',
      description: `${file.name} (${formatBytes(file.size)}) is ready. Click Update to upload it to ${slot.displayId}.`,
    });
  };

  const onUpdate = async () => {
    if (state.phase !== 'selected' && state.phase !== 'failed') {
      toast({ variant: 'destructive', title: 'No File Selected', description: 'Please select an image file first' });
      return;
    }
    const { file } = state;
    setState({ phase: 'uploading', file, percent: 0 });
    try {
      const result = await uploadImage(file, slot.key, (percent) =>
        setState((s) => (s.phase === 'uploading' ? { ...s, percent } : s)),
      );
      clearInput();
      setState({ phase: 'done', result });
      setUploaded({ path: result.newPath, version: Date.now(), before: slot.path });
      toast({
        title: 'Image Updated Successfully',
        description: `${slot.displayId} now shows the new image (${formatBytes(result.originalSize)} uploaded, ${formatBytes(result.compressedSize)} stored).`,
      });
      await refreshConfig();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : UPLOAD_FALLBACK_ERROR;
      setState({ phase: 'failed', file, error: message });
      toast({ variant: 'destructive', title: 'Upload Failed', description: message });
      // The upload bypasses React Query, so a lost session is reported to the dashboard here.
      if (error instanceof UploadError && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: ADMIN_SESSION_QUERY_KEY });
      }
    }
  };

  const showUploaded = uploaded && (slot.path === uploaded.path || slot.path === uploaded.before);
  const preview = showUploaded ? cacheBusted(uploaded.path, uploaded.version) : slot.previewPath;
  const uploading = state.phase === 'uploading';
  const pathText =
    slot.path ||
    (slot.section !== 'carousel'
      ? `Default: ${slot.previewPath ?? ''}`
      : slot.onWebsite
        ? 'No image uploaded (the website shows its built-in photo)'
        : 'No image uploaded');

  return (
    <Card
      id={`image-slot-${slot.key}`}
      className="flex flex-col overflow-hidden"
      aria-labelledby={`${inputId}-title`}
      role="group"
    >
      <div className="relative aspect-[3/2] bg-muted">
        {preview ? (
          <ResponsivePicture
            src={preview}
            alt={`Current image of ${slot.displayId}, ${slot.name}`}
            sizes="(min-width: 1280px) 20rem, (min-width: 640px) 45vw, 100vw"
            className="size-full"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-8" />
            <span className="text-sm font-medium">No image yet</span>
          </div>
        )}
        <span className="absolute left-2 top-2 rounded-md bg-navy-900/85 px-2 py-0.5 font-mono text-xs font-semibold text-white">
          {slot.displayId}
        </span>
        {slot.removable && (
          <Button
            variant="secondary"
            size="icon"
            aria-label={`Remove ${slot.displayId} from the carousel`}
            disabled={remove.isPending || uploading}
            onClick={() => remove.mutate()}
            className="absolute right-2 top-2 size-8 rounded-full bg-card/90 shadow hover:bg-red-50 hover:text-destructive"
          >
            {remove.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <X aria-hidden="true" />}
          </Button>
        )}
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h4 id={`${inputId}-title`} className="font-semibold text-navy-900">
            <span className="sr-only">{slot.displayId}: </span>
            {slot.name}
          </h4>
          <p className="mt-0.5 truncate font-mono text-xs text-muted-foreground" title={pathText}>
            {pathText}
          </p>
          {slot.onWebsite !== undefined && (
            <p className="mt-1 text-xs text-muted-foreground">
              {slot.onWebsite
                ? 'Shown in the home page’s Property Showcase.'
                : 'Not shown on the website (the Property Showcase uses slides 1–8 and 10).'}
            </p>
          )}
        </div>

        <div className="grid gap-1.5">
          <Label htmlFor={inputId} className="text-xs">
            Choose image for {slot.displayId}
          </Label>
          <Input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            disabled={uploading}
            autoFocus={autoFocus}
            aria-describedby={statusId}
            onChange={onFileChange}
            className="h-auto cursor-pointer py-1.5 text-xs file:mr-2 file:cursor-pointer file:rounded file:bg-secondary file:px-2 file:py-1 file:text-secondary-foreground"
          />
        </div>

        <div id={statusId} role="status" className="min-h-5 text-xs">
          {state.phase === 'selected' && (
            <span className="text-muted-foreground">Ready to upload {state.file.name}.</span>
          )}
          {state.phase === 'uploading' && (
            <span className="grid gap-1.5">
              <span className="text-muted-foreground">Uploading… {state.percent}%</span>
              <Progress value={state.percent} aria-label={`Upload progress for ${slot.displayId}`} />
            </span>
          )}
          {state.phase === 'done' && (
            <span className="flex items-center gap-1 text-green-800">
              <CircleCheck aria-hidden="true" className="size-3.5" />
              Uploaded ({formatBytes(state.result.compressedSize)} stored).
            </span>
          )}
          {state.phase === 'failed' && (
            <span className="flex items-start gap-1 text-destructive">
              <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
              {state.error}
            </span>
          )}
        </div>

        <Button className={cn('mt-auto w-full')} disabled={uploading} onClick={() => void onUpdate()}>
          {uploading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Upload aria-hidden="true" />}
          Update
        </Button>
      </div>
    </Card>
  );
}
