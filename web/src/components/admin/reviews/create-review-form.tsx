import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { OWNER_REVIEW_SOURCES, OWNER_REVIEW_SOURCE_NAMES, newReviewSchema, type NewReviewBody } from '@ridgeline/core';
import type { z } from 'zod';
import { FieldError, fieldErrorProps } from '@/components/forms/field-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { firstFieldError } from '@/lib/form-errors';
import { reviewSavedResponseSchema } from '@ridgeline/core';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { ADMIN_REVIEWS_QUERY_KEY } from '../admin-queries';
import { serverMessage } from '../api-error';
import { RequiredLabel } from './required-label';

export interface CreateReviewFormProps {
  id: string;
  /** After a review is created: the tab closes (and so resets) the form. */
  onCreated: () => void;
  onCancel: () => void;
}

/** The form's fields as typed: `newReviewSchema`'s input (the rating input gives a number, NaN when empty). */
type ReviewFormValues = z.input<typeof newReviewSchema>;

/** [reviews.create]: a new review starts at rating 5, from the guest book, neither approved nor published. */
const EMPTY_REVIEW_FORM: ReviewFormValues = {
  guestName: '',
  email: '',
  rating: 5,
  stayDate: '',
  source: 'guestbook',
  title: '',
  content: '',
  isApproved: false,
  isPublished: false,
};

const MIN_RATING = 1;
const MAX_RATING = 5;

/** The fields [reviews.create] calls required: any of them blank is "Missing Fields". */
const REQUIRED_TEXT = ['guestName', 'email', 'title', 'content', 'stayDate'] as const;

/**
 * The Create New Review form ([reviews.create]), checked with `newReviewSchema`, the very schema
 * `POST /api/reviews` parses with (core/src/api/reviews.ts). `noValidate`: the schema runs
 * instead of the browser's bubbles. A refused submit sends nothing and toasts, as before the
 * schema was shared: a blank required field "Missing Fields", a rating outside 1–5 "Invalid
 * Rating", anything else the schema's "field: message" (the words the server's 400 would say).
 * Each failed field is marked `aria-invalid` and described by its message. Source says where the
 * owner copied the review from ([reviews.source]): the guest book, Airbnb, Vrbo or Booking.com;
 * the public page shows the month of Stay Date with it.
 */
export function CreateReviewForm({ id, onCreated, onCancel }: CreateReviewFormProps) {
  const fieldId = useId();
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    reset,
    formState: { errors },
  } = useForm<ReviewFormValues, unknown, NewReviewBody>({
    resolver: zodResolver(newReviewSchema),
    defaultValues: EMPTY_REVIEW_FORM,
  });
  const ids = {
    guestName: `${fieldId}-name`,
    email: `${fieldId}-email`,
    rating: `${fieldId}-rating`,
    stayDate: `${fieldId}-stay`,
    source: `${fieldId}-source`,
    title: `${fieldId}-title`,
    content: `${fieldId}-content`,
    isApproved: `${fieldId}-approved`,
    isPublished: `${fieldId}-published`,
  };
  const errorId = (key: keyof typeof ids) => `${ids[key]}-error`;

  const create = useMutation({
    mutationFn: (body: NewReviewBody) => apiSend('POST', '/api/reviews', reviewSavedResponseSchema, body, adminApi.area),
    onSuccess: () => {
      toast({ title: 'Review created successfully' });
      reset(EMPTY_REVIEW_FORM);
      onCreated();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Failed to Create Review',
        description: serverMessage(error) ?? 'Failed to create review',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_REVIEWS_QUERY_KEY }),
  });

  const onInvalid = (fieldErrors: FieldErrors<ReviewFormValues>) => {
    const values = getValues();
    if (REQUIRED_TEXT.some((key) => !String(values[key] ?? '').trim())) {
      toast({ variant: 'destructive', title: 'Missing Fields', description: 'Please fill in all required fields' });
    } else if (fieldErrors.rating) {
      toast({
        variant: 'destructive',
        title: 'Invalid Rating',
        description: `Rating must be a whole number from ${MIN_RATING} to ${MAX_RATING}`,
      });
    } else {
      toast({
        variant: 'destructive',
        title: 'Failed to Create Review',
        description: firstFieldError(fieldErrors, Object.keys(newReviewSchema.shape)) ?? 'Failed to create review',
      });
    }
  };

  return (
    <form
      id={id}
      onSubmit={(event) => void handleSubmit((body) => create.mutate(body), onInvalid)(event)}
      noValidate
      aria-label="Create New Review"
      className="grid gap-5 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <RequiredLabel htmlFor={ids.guestName}>Guest Name</RequiredLabel>
          <Input
            id={ids.guestName}
            required
            aria-required="true"
            autoComplete="off"
            maxLength={120}
            {...register('guestName')}
            {...fieldErrorProps(errors.guestName, errorId('guestName'))}
          />
          <FieldError id={errorId('guestName')} label="Guest Name" error={errors.guestName} />
        </div>
        <div className="grid content-start gap-2">
          <RequiredLabel htmlFor={ids.email}>Email</RequiredLabel>
          <Input
            id={ids.email}
            type="email"
            required
            aria-required="true"
            autoComplete="off"
            maxLength={254}
            {...register('email')}
            {...fieldErrorProps(errors.email, errorId('email'))}
          />
          <FieldError id={errorId('email')} label="Email" error={errors.email} />
        </div>
        <div className="grid content-start gap-2">
          <RequiredLabel htmlFor={ids.rating}>Rating</RequiredLabel>
          <Input
            id={ids.rating}
            type="number"
            inputMode="numeric"
            min={MIN_RATING}
            max={MAX_RATING}
            step={1}
            required
            aria-required="true"
            {...register('rating', { valueAsNumber: true })}
            {...fieldErrorProps(errors.rating, errorId('rating'), `${ids.rating}-hint`)}
          />
          <p id={`${ids.rating}-hint`} className="text-xs text-muted-foreground">
            {MIN_RATING} to {MAX_RATING} stars.
          </p>
          <FieldError id={errorId('rating')} label="Rating" error={errors.rating} />
        </div>
        <div className="grid content-start gap-2">
          <RequiredLabel htmlFor={ids.stayDate}>Stay Date</RequiredLabel>
          <Input
            id={ids.stayDate}
            type="date"
            required
            aria-required="true"
            {...register('stayDate')}
            {...fieldErrorProps(errors.stayDate, errorId('stayDate'))}
          />
          <FieldError id={errorId('stayDate')} label="Stay Date" error={errors.stayDate} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={ids.source}>Source</Label>
          <select
            id={ids.source}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            {...register('source')}
            {...fieldErrorProps(errors.source, errorId('source'), `${ids.source}-hint`)}
          >
            {OWNER_REVIEW_SOURCES.map((source) => (
              <option key={source} value={source}>
                {OWNER_REVIEW_SOURCE_NAMES[source]}
              </option>
            ))}
          </select>
          <p id={`${ids.source}-hint`} className="text-xs text-muted-foreground">
            Where the guest wrote it. Reviews guests leave from their review link are marked Verified stay by themselves.
          </p>
          <FieldError id={errorId('source')} label="Source" error={errors.source} />
        </div>
      </div>
      <div className="grid content-start gap-2">
        <RequiredLabel htmlFor={ids.title}>Review Title</RequiredLabel>
        <Input
          id={ids.title}
          required
          aria-required="true"
          autoComplete="off"
          maxLength={200}
          {...register('title')}
          {...fieldErrorProps(errors.title, errorId('title'))}
        />
        <FieldError id={errorId('title')} label="Review Title" error={errors.title} />
      </div>
      <div className="grid content-start gap-2">
        <RequiredLabel htmlFor={ids.content}>Review Content</RequiredLabel>
        <Textarea
          id={ids.content}
          required
          aria-required="true"
          rows={5}
          maxLength={5000}
          {...register('content')}
          {...fieldErrorProps(errors.content, errorId('content'))}
        />
        <FieldError id={errorId('content')} label="Review Content" error={errors.content} />
      </div>
      <div className="flex flex-wrap gap-x-8 gap-y-4">
        <div className="flex items-center gap-3">
          <Controller
            control={control}
            name="isApproved"
            render={({ field }) => (
              <Switch id={ids.isApproved} ref={field.ref} checked={field.value ?? false} onCheckedChange={field.onChange} />
            )}
          />
          <Label htmlFor={ids.isApproved}>Approved</Label>
        </div>
        <div className="flex items-center gap-3">
          <Controller
            control={control}
            name="isPublished"
            render={({ field }) => (
              <Switch id={ids.isPublished} ref={field.ref} checked={field.value ?? false} onCheckedChange={field.onChange} />
            )}
          />
          <Label htmlFor={ids.isPublished}>Published</Label>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        <span aria-hidden="true" className="text-destructive">
          *
        </span>{' '}
        Required. Only approved reviews can be published; published reviews appear on the home page.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Create Review
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
