import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { reviewSavedResponseSchema } from '@ridgeline/core';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { ADMIN_REVIEWS_QUERY_KEY } from '../admin-queries';
import { serverMessage } from '../api-error';
import { RequiredLabel } from './required-label';
import {
  EMPTY_REVIEW_FORM,
  MAX_RATING,
  MIN_RATING,
  checkReviewForm,
  type NewReviewBody,
  type ReviewFormValues,
} from './review-form-values';

export interface CreateReviewFormProps {
  id: string;
  /** After a review is created: the tab closes (and so resets) the form. */
  onCreated: () => void;
  onCancel: () => void;
}

/**
 * The Create New Review form ([reviews.create]). `noValidate`: our own check runs and
 * says "Missing Fields" rather than the browser's bubbles; the server validates again.
 */
export function CreateReviewForm({ id, onCreated, onCancel }: CreateReviewFormProps) {
  const fieldId = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ReviewFormValues>(EMPTY_REVIEW_FORM);
  const set = <K extends keyof ReviewFormValues>(key: K, value: ReviewFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const ids = {
    guestName: `${fieldId}-name`,
    email: `${fieldId}-email`,
    rating: `${fieldId}-rating`,
    stayDate: `${fieldId}-stay`,
    title: `${fieldId}-title`,
    content: `${fieldId}-content`,
    isApproved: `${fieldId}-approved`,
    isPublished: `${fieldId}-published`,
  };

  const create = useMutation({
    mutationFn: (body: NewReviewBody) => apiSend('POST', '/api/reviews', reviewSavedResponseSchema, body, adminApi.area),
    onSuccess: () => {
      toast({ title: 'Review created successfully' });
      setValues(EMPTY_REVIEW_FORM);
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkReviewForm(values);
    if (!check.ok) {
      toast({ variant: 'destructive', title: check.title, description: check.description });
      return;
    }
    create.mutate(check.body);
  };

  return (
    <form
      id={id}
      onSubmit={onSubmit}
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
            value={values.guestName}
            onChange={(e) => set('guestName', e.target.value)}
          />
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
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
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
            aria-describedby={`${ids.rating}-hint`}
            value={values.rating}
            onChange={(e) => set('rating', e.target.value)}
          />
          <p id={`${ids.rating}-hint`} className="text-xs text-muted-foreground">
            {MIN_RATING} to {MAX_RATING} stars.
          </p>
        </div>
        <div className="grid content-start gap-2">
          <RequiredLabel htmlFor={ids.stayDate}>Stay Date</RequiredLabel>
          <Input
            id={ids.stayDate}
            type="date"
            required
            aria-required="true"
            value={values.stayDate}
            onChange={(e) => set('stayDate', e.target.value)}
          />
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
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
        />
      </div>
      <div className="grid content-start gap-2">
        <RequiredLabel htmlFor={ids.content}>Review Content</RequiredLabel>
        <Textarea
          id={ids.content}
          required
          aria-required="true"
          rows={5}
          maxLength={5000}
          value={values.content}
          onChange={(e) => set('content', e.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-x-8 gap-y-4">
        <div className="flex items-center gap-3">
          <Switch
            id={ids.isApproved}
            checked={values.isApproved}
            onCheckedChange={(checked) => set('isApproved', checked)}
          />
          <Label htmlFor={ids.isApproved}>Approved</Label>
        </div>
        <div className="flex items-center gap-3">
          <Switch
            id={ids.isPublished}
            checked={values.isPublished}
            onCheckedChange={(checked) => set('isPublished', checked)}
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
