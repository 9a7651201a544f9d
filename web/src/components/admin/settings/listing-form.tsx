import LoaderCircle from 'lucide-react/icons/loader-circle';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFieldArray, useForm, type Control, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import {
  AMENITY_CATALOGUE,
  AMENITY_KEYS,
  BED_LABELS,
  BED_TYPES,
  listingPutSchema,
  publicListingResponseSchema,
  type AmenityKey,
  type BedType,
  type ListingPut,
  type PublicListing,
} from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { PUBLIC_LISTING_QUERY_KEY } from '@/hooks/use-public-listing';
import { apiQuery, apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { serverBody, serverMessage } from '../api-error';
import { Field, Section, TextArea, errorAt } from './form-parts';

/** The Listing section's id: the Overview's listing check links here ([listing.check]). */
export const LISTING_SECTION_ID = 'listing-settings';

/** What the Listing form edits: the listing as inputs hold it (numbers as text, amenities as checkboxes). */
export interface ListingFormValues {
  name: string;
  headline: string;
  description: string;
  bedrooms: { name: string; beds: { type: BedType; count: string }[] }[];
  bathroomsFull: string;
  bathroomsHalf: string;
  squareFeet: string;
  amenities: Record<AmenityKey, { on: boolean; note: string }>;
  smoking: boolean;
  pets: boolean;
  events: boolean;
  quietStart: string;
  quietEnd: string;
  locationText: string;
  latitude: string;
  longitude: string;
  languages: string;
  contactPhone: string;
  contactEmail: string;
  facebook: string;
  instagram: string;
  twitter: string;
  listingUrl: string;
  accessibilityFacts: string;
}

/** The form's values of a listing. */
export function listingToFormValues(listing: PublicListing): ListingFormValues {
  const notes = new Map(listing.amenities.map((a) => [a.key, a.note ?? '']));
  return {
    name: listing.name,
    headline: listing.headline,
    description: listing.description,
    bedrooms: listing.bedrooms.map((room) => ({ name: room.name, beds: room.beds.map((bed) => ({ type: bed.type, count: String(bed.count) })) })),
    bathroomsFull: String(listing.bathrooms.full),
    bathroomsHalf: String(listing.bathrooms.half),
    squareFeet: listing.squareFeet === null ? '' : String(listing.squareFeet),
    amenities: Object.fromEntries(AMENITY_KEYS.map((key) => [key, { on: notes.has(key), note: notes.get(key) ?? '' }])) as ListingFormValues['amenities'],
    smoking: listing.houseRules.smoking,
    pets: listing.houseRules.pets,
    events: listing.houseRules.events,
    quietStart: listing.houseRules.quietHours?.start ?? '',
    quietEnd: listing.houseRules.quietHours?.end ?? '',
    locationText: listing.locationText,
    latitude: String(listing.latitude),
    longitude: String(listing.longitude),
    languages: listing.languages.join(', '),
    contactPhone: listing.contactPhone,
    contactEmail: listing.contactEmail,
    facebook: listing.socialLinks.facebook,
    instagram: listing.socialLinks.instagram,
    twitter: listing.socialLinks.twitter,
    listingUrl: listing.listingUrl,
    accessibilityFacts: listing.accessibilityFacts,
  };
}

const num = (value: string): unknown => (value.trim() === '' ? undefined : Number(value));

/**
 * `PUT /api/listing`'s body of the form's values ([listing.api]): amenities in the catalogue's
 * order, quiet hours only with both times, languages split at commas. Not yet validated.
 */
export function formValuesToListing(v: ListingFormValues): unknown {
  return {
    name: v.name,
    headline: v.headline,
    description: v.description,
    bedrooms: v.bedrooms.map((room) => ({ name: room.name, beds: room.beds.map((bed) => ({ type: bed.type, count: num(bed.count) })) })),
    bathrooms: { full: num(v.bathroomsFull), half: num(v.bathroomsHalf) ?? 0 },
    squareFeet: v.squareFeet.trim() === '' ? null : num(v.squareFeet),
    amenities: AMENITY_KEYS.filter((key) => v.amenities[key].on).map((key) => (v.amenities[key].note.trim() ? { key, note: v.amenities[key].note } : { key })),
    houseRules: { smoking: v.smoking, pets: v.pets, events: v.events, quietHours: v.quietStart || v.quietEnd ? { start: v.quietStart, end: v.quietEnd } : null },
    locationText: v.locationText,
    latitude: num(v.latitude),
    longitude: num(v.longitude),
    languages: v.languages.split(',').map((l) => l.trim()).filter(Boolean),
    contactPhone: v.contactPhone,
    contactEmail: v.contactEmail,
    socialLinks: { facebook: v.facebook, instagram: v.instagram, twitter: v.twitter },
    listingUrl: v.listingUrl,
    accessibilityFacts: v.accessibilityFacts,
  };
}

/** The form field an API field path lands on (`bathrooms.full` → `bathroomsFull`). */
export function formFieldOf(apiPath: string): string {
  const [head, second, ...rest] = apiPath.split('.');
  if (head === 'bathrooms') return second === 'half' ? 'bathroomsHalf' : 'bathroomsFull';
  if (head === 'houseRules') return second === 'quietHours' ? (rest[0] === 'end' ? 'quietEnd' : 'quietStart') : (second ?? 'smoking');
  if (head === 'socialLinks') return second ?? 'facebook';
  if (head === 'amenities') return 'amenities';
  return apiPath;
}

/** Validates with the API's own schema (`listingPutSchema`), each message on its field. */
const listingResolver: Resolver<ListingFormValues, unknown, ListingPut> = (values) => {
  const parsed = listingPutSchema.safeParse(formValuesToListing(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.join('.'));
    const parts = field.split('.');
    let at = errors;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) at[part] ??= { type: issue.code, message: issue.message };
      else at = (at[part] ??= {}) as Record<string, unknown>;
    });
  }
  return { values: {}, errors: errors as FieldErrors<ListingFormValues> };
};

function Bedrooms({ control, register, errors }: { control: Control<ListingFormValues, unknown, ListingPut>; register: UseFormRegister<ListingFormValues>; errors: FieldErrors<ListingFormValues> }) {
  const rooms = useFieldArray({ control, name: 'bedrooms' });
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium text-navy-900">Bedrooms and beds</legend>
      {rooms.fields.map((room, i) => (
        <fieldset key={room.id} className="grid gap-3 rounded-md border p-3">
          <legend className="sr-only">Bedroom {i + 1}</legend>
          <div className="flex items-end gap-2">
            <Field className="grid flex-1 gap-1.5" label={`Bedroom ${i + 1} name`} error={errorAt(errors, `bedrooms.${i}.name`)} registration={register(`bedrooms.${i}.name`)} />
            <Button type="button" variant="outline" size="icon" aria-label={`Remove bedroom ${i + 1}`} onClick={() => rooms.remove(i)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
          <Beds room={i} control={control} register={register} errors={errors} />
        </fieldset>
      ))}
      <div>
        <Button type="button" variant="outline" onClick={() => rooms.append({ name: '', beds: [{ type: 'queen', count: '1' }] })}>
          <Plus aria-hidden="true" />
          Add bedroom
        </Button>
      </div>
    </fieldset>
  );
}

function Beds({ room, control, register, errors }: { room: number; control: Control<ListingFormValues, unknown, ListingPut>; register: UseFormRegister<ListingFormValues>; errors: FieldErrors<ListingFormValues> }) {
  const beds = useFieldArray({ control, name: `bedrooms.${room}.beds` });
  const bedsError = errorAt(errors, `bedrooms.${room}.beds`);
  return (
    <div className="grid gap-2">
      {beds.fields.map((bed, j) => (
        <div key={bed.id} className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${bed.id}-type`}>{`Bedroom ${room + 1} bed ${j + 1} type`}</Label>
            <select id={`${bed.id}-type`} className="h-9 rounded-md border border-input bg-background px-3 text-sm" {...register(`bedrooms.${room}.beds.${j}.type`)}>
              {BED_TYPES.map((type) => (
                <option key={type} value={type}>
                  {BED_LABELS[type].one}
                </option>
              ))}
            </select>
          </div>
          <Field
            className="grid w-28 gap-1.5"
            label={`Bedroom ${room + 1} bed ${j + 1} count`}
            inputMode="numeric"
            error={errorAt(errors, `bedrooms.${room}.beds.${j}.count`)}
            registration={register(`bedrooms.${room}.beds.${j}.count`)}
          />
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove bedroom ${room + 1} bed ${j + 1}`} onClick={() => beds.remove(j)}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      {bedsError && <p className="text-sm font-medium text-destructive">{bedsError}</p>}
      <div>
        <Button type="button" variant="ghost" size="sm" onClick={() => beds.append({ type: 'queen', count: '1' })}>
          <Plus aria-hidden="true" />
          Add a bed to bedroom {room + 1}
        </Button>
      </div>
    </div>
  );
}

/**
 * The Listing section of the Settings tab ([listing.fields]): what the house is, as guests and
 * search engines read it. Saved with `PUT /api/listing`; the home page, its JSON-LD and social
 * card show the change at once. The server's refusal lands on the field it names.
 */
export function ListingForm({ initial }: { initial: PublicListing }) {
  const queryClient = useQueryClient();
  const form = useForm<ListingFormValues, unknown, ListingPut>({ resolver: listingResolver, defaultValues: listingToFormValues(initial) });
  const { register, control, handleSubmit, formState, setError, reset } = form;
  const { errors } = formState;
  const save = useMutation({
    mutationFn: (listing: ListingPut) => apiSend('PUT', '/api/listing', publicListingResponseSchema, listing, adminApi.area),
    onSuccess: (saved) => {
      queryClient.setQueryData(PUBLIC_LISTING_QUERY_KEY, saved);
      reset(listingToFormValues(saved));
      toast({ title: 'Listing saved', description: 'The home page shows it now.' });
    },
    onError: (error) => {
      const field = serverBody(error)?.field;
      if (typeof field === 'string') setError(formFieldOf(field) as keyof ListingFormValues, { message: serverMessage(error)?.replace(/^[^:]+: /, '') });
      toast({ variant: 'destructive', title: 'Listing not saved', description: serverMessage(error) ?? 'Please try again.' });
    },
  });
  const onSubmit = handleSubmit((listing) => save.mutate(listing));
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Listing" className="grid gap-6">
      <Section sectionId={LISTING_SECTION_ID} title="Listing" description="What guests and search engines read about the house: the home page, its search result and its link previews.">
        <Field label="House name" error={errorAt(errors, 'name')} registration={register('name')} />
        <Field label="Headline" hint="One line under the name." error={errorAt(errors, 'headline')} registration={register('headline')} />
        <TextArea label="Description" hint="Plain paragraphs, a blank line between them. The first is the lead and the search result's text." error={errorAt(errors, 'description')} registration={register('description')} rows={6} />
        <Bedrooms control={control} register={register} errors={errors} />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Full bathrooms" inputMode="numeric" error={errorAt(errors, 'bathroomsFull')} registration={register('bathroomsFull')} />
          <Field label="Half bathrooms" inputMode="numeric" error={errorAt(errors, 'bathroomsHalf')} registration={register('bathroomsHalf')} />
          <Field label="Square feet" hint="Leave empty to not say." inputMode="numeric" error={errorAt(errors, 'squareFeet')} registration={register('squareFeet')} />
        </div>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-navy-900">Amenities</legend>
          {errorAt(errors, 'amenities') && <p className="text-sm font-medium text-destructive">{errorAt(errors, 'amenities')}</p>}
          <div className="grid gap-2 sm:grid-cols-2">
            {AMENITY_KEYS.map((key) => (
              <div key={key} className="grid gap-1 rounded-md border p-2">
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input type="checkbox" {...register(`amenities.${key}.on`)} />
                  {AMENITY_CATALOGUE[key].label}
                </label>
                <Input aria-label={`${AMENITY_CATALOGUE[key].label} note`} placeholder="Note (optional)" {...register(`amenities.${key}.note`)} />
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-navy-900">House rules</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('smoking')} /> Smoking allowed
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('pets')} /> Pets allowed
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('events')} /> Events allowed
          </label>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Quiet hours from" type="time" hint="Leave both empty for none." error={errorAt(errors, 'quietStart')} registration={register('quietStart')} />
            <Field label="Quiet hours until" type="time" error={errorAt(errors, 'quietEnd')} registration={register('quietEnd')} />
          </div>
          <p className="text-xs text-muted-foreground">Check-in and check-out times are under Stay rules.</p>
        </fieldset>
        <Field label="Location" hint="The area, never the street address: guests get that after booking." error={errorAt(errors, 'locationText')} registration={register('locationText')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Latitude" inputMode="decimal" error={errorAt(errors, 'latitude')} registration={register('latitude')} />
          <Field label="Longitude" inputMode="decimal" error={errorAt(errors, 'longitude')} registration={register('longitude')} />
        </div>
        <Field label="Languages spoken" hint="Language codes, separated by commas: en, es." error={errorAt(errors, 'languages')} registration={register('languages')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Contact phone" type="tel" error={errorAt(errors, 'contactPhone')} registration={register('contactPhone')} />
          <Field label="Contact e-mail" type="email" error={errorAt(errors, 'contactEmail')} registration={register('contactEmail')} />
        </div>
        <Field label="Listing URL" hint="Where Book Your Stay leads (your Airbnb or VRBO listing). Empty: the server's LISTING_URL, or else the booking section of your own site." error={errorAt(errors, 'listingUrl')} registration={register('listingUrl')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Facebook page" error={errorAt(errors, 'facebook')} registration={register('facebook')} />
          <Field label="Instagram profile" error={errorAt(errors, 'instagram')} registration={register('instagram')} />
          <Field label="Twitter profile" error={errorAt(errors, 'twitter')} registration={register('twitter')} />
        </div>
        <TextArea
          label="Accessibility facts"
          hint="Shown in the listing's Accessibility section: steps to the entrance, door widths, bathroom and bed details, floors. Empty: the listing says plainly that the house has not been assessed."
          error={errorAt(errors, 'accessibilityFacts')}
          registration={register('accessibilityFacts')}
          rows={5}
        />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            Save listing
          </Button>
        </div>
      </Section>
    </form>
  );
}

/** `GET /api/listing` as the dashboard reads it: with the owner's credential, like its other calls (the desktop app's bearer token). */
export function useAdminListing() {
  return useQuery(apiQuery(PUBLIC_LISTING_QUERY_KEY[0], publicListingResponseSchema, adminApi.area));
}

/** The Listing section with its loading and error states (`GET /api/listing`). */
export function ListingSection() {
  const listing = useAdminListing();
  if (listing.isPending) return <Skeleton aria-label="Loading the listing" className="h-40 w-full" />;
  if (listing.isError)
    return (
      <div role="alert" className="grid justify-items-start gap-3 text-sm text-red-900">
        <p>The listing could not be loaded.{serverMessage(listing.error) ? ` ${serverMessage(listing.error)}` : ''}</p>
        <Button variant="outline" onClick={() => void listing.refetch()}>
          Try again
        </Button>
      </div>
    );
  return <ListingForm initial={listing.data} />;
}
