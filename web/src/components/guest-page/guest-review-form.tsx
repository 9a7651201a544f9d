import LoaderCircle from 'lucide-react/icons/loader-circle';
import Star from 'lucide-react/icons/star';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { guestReviewRequestSchema, guestReviewResponseSchema, type GuestReviewResponse } from '@ridgeline/core';
import type { z } from 'zod';
import { FieldError, fieldErrorProps } from '@/components/forms/field-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { cn } from '@/lib/utils';

type GuestReviewValues = z.input<typeof guestReviewRequestSchema>;
type GuestReviewBody = z.output<typeof guestReviewRequestSchema>;

const RATINGS = [1, 2, 3, 4, 5] as const;
const starsText = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/**
 * The review form of the review link ([reviews.request]): Rating (a radio group of 1 to 5
 * stars), Title and Your review, checked with `guestReviewRequestSchema`, the schema
 * `POST /api/review/{token}` parses with. Each failed field is marked `aria-invalid` and described
 * by its message; a refusal of the server (409, 400) is shown above the button.
 */
export function GuestReviewForm({ token, onReviewed }: { token: string; onReviewed: (review: GuestReviewResponse['review']) => void }) {
  const fieldId = useId();
  const ids = { rating: `${fieldId}-rating`, title: `${fieldId}-title`, content: `${fieldId}-content` };
  const errorId = (key: keyof typeof ids) => `${ids[key]}-error`;
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<GuestReviewValues, unknown, GuestReviewBody>({
    resolver: zodResolver(guestReviewRequestSchema),
    defaultValues: { title: '', content: '' },
  });
  const send = useMutation({
    mutationFn: (body: GuestReviewBody) => apiSend('POST', `/api/review/${encodeURIComponent(token)}`, guestReviewResponseSchema, body),
    onSuccess: ({ review }) => {
      toast({ title: 'Thank you for your review', description: 'It will appear on our site once we have read it.' });
      onReviewed(review);
    },
  });
  const failure = send.error instanceof ApiError && typeof send.error.json?.error === 'string' ? send.error.json.error : send.error ? 'Your review could not be sent. Please try again.' : null;

  return (
    <form onSubmit={(event) => void handleSubmit((body) => send.mutate(body))(event)} noValidate aria-label="Review your stay" className="grid gap-6">
      <fieldset className="grid gap-2" aria-describedby={errors.rating ? errorId('rating') : undefined} aria-invalid={errors.rating ? true : undefined}>
        <legend className="mb-1 text-sm font-medium text-navy-900">Rating</legend>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <div className="flex flex-wrap gap-2">
              {RATINGS.map((n) => (
                <label
                  key={n}
                  className={cn(
                    'flex cursor-pointer items-center gap-1.5 rounded-md border px-3 py-2 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
                    field.value === n ? 'border-navy-900 bg-navy-900 text-white' : 'border-input bg-card text-navy-900 hover:bg-secondary',
                  )}
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={field.name}
                    value={n}
                    checked={field.value === n}
                    onChange={() => field.onChange(n)}
                    onBlur={field.onBlur}
                    ref={n === 1 ? field.ref : undefined}
                  />
                  <Star aria-hidden="true" className={cn('size-4', field.value !== undefined && n <= (field.value as number) ? 'fill-amber-400 text-amber-400' : '')} />
                  {starsText(n)}
                </label>
              ))}
            </div>
          )}
        />
        <FieldError id={errorId('rating')} label="Rating" error={errors.rating} />
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={ids.title}>Title</Label>
        <Input id={ids.title} maxLength={200} autoComplete="off" {...register('title')} {...fieldErrorProps(errors.title, errorId('title'))} />
        <FieldError id={errorId('title')} label="Title" error={errors.title} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.content}>Your review</Label>
        <Textarea id={ids.content} rows={6} maxLength={5000} {...register('content')} {...fieldErrorProps(errors.content, errorId('content'))} />
        <FieldError id={errorId('content')} label="Your review" error={errors.content} />
      </div>
      {failure && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {failure}
        </p>
      )}
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {send.isPending ? 'Sending…' : 'Send review'}
        </Button>
      </div>
    </form>
  );
}
