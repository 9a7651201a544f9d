import LoaderCircle from 'lucide-react/icons/loader-circle';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { useFieldArray, useForm } from 'react-hook-form';
import { CARD_SURCHARGE_NOTE, FANNIN_COUNTY_NOTE, FANNIN_COUNTY_TAXES, PROPERTY, settingsResponseSchema, taxLineStatus, todayIn, type Settings } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { serverBody, serverMessage } from '../api-error';
import { COMPLIANCE_SECTION_ID, useShowRequestedCompliance } from './compliance-link';
import { Field, Section, TextArea, errorAt } from './form-parts';
import { SETTINGS_QUERY_KEY } from './settings-queries';
import { settingsFormSchema, settingsToFormValues, taxLineToRow, type SettingsFormValues } from './settings-form-values';

const money = { inputMode: 'decimal' as const, prefix: '$' };
const percent = { inputMode: 'decimal' as const, suffix: '%' };
const count = { inputMode: 'numeric' as const };

/** The tax lines apart by whether they are in force today ([pricing.tax-dates]). */
const TAX_GROUPS = [
  { status: 'current', title: 'In force today' },
  { status: 'future', title: 'Starting later' },
  { status: 'past', title: 'Ended' },
] as const;

/** A tax row's status on `today`; a blank date is an open end. */
function rowStatus(row: { validFrom?: string; validTo?: string }, today: string) {
  return taxLineStatus({ ...(row.validFrom ? { validFrom: row.validFrom } : {}), ...(row.validTo ? { validTo: row.validTo } : {}) }, today);
}

/**
 * The owner's prices and rules ([settings.tab]): dollars and percents typed, validated with the
 * core schema (`settingsFormSchema`), saved whole with `PUT /api/settings`. The server's refusal
 * lands on the field it names.
 */
export function SettingsForm({ initial }: { initial: Settings }) {
  const queryClient = useQueryClient();
  const form = useForm<SettingsFormValues, unknown, Settings>({ resolver: zodResolver(settingsFormSchema), defaultValues: settingsToFormValues(initial), mode: 'onSubmit' });
  const { register, control, handleSubmit, formState, setError, reset, setValue } = form;
  const { errors } = formState;
  const taxes = useFieldArray({ control, name: 'taxes' });
  const [today] = useState(() => todayIn(PROPERTY.timeZone));
  const seasons = useFieldArray({ control, name: 'seasons' });
  const discounts = useFieldArray({ control, name: 'lengthOfStayDiscounts' });
  const tiers = useFieldArray({ control, name: 'cancellationPolicy.tiers' });

  const save = useMutation({
    mutationFn: (settings: Omit<Settings, 'accessibilityFacts'>) => apiSend('PUT', '/api/settings', settingsResponseSchema, settings, adminApi.area),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, saved);
      reset(settingsToFormValues(saved));
      toast({ title: 'Settings saved', description: 'New quotes use them. Booked stays keep their price.' });
    },
    onError: (error) => {
      const field = serverBody(error)?.field;
      if (typeof field === 'string') setError(field as keyof SettingsFormValues, { message: serverMessage(error)?.replace(/^[^:]+: /, '') });
      toast({ variant: 'destructive', title: 'Settings not saved', description: serverMessage(error) ?? 'Please try again.' });
    },
  });

  // The accessibility facts are the Listing section's ([listing.fields]): never sent from here, so this form cannot undo its save.
  const onSubmit = handleSubmit(({ accessibilityFacts: _facts, ...settings }) => save.mutate(settings));
  useShowRequestedCompliance();
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Prices and rules" className="grid gap-6">
      <Section title="Nightly rates" description="A night costs its own price from the Availability tab, else its season's rate, else the weekend rate on Friday and Saturday, else the base rate.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Base nightly rate" hint="Shown on “Not Set” days of the availability grid." error={errorAt(errors, 'baseNightlyRateCents')} registration={register('baseNightlyRateCents')} {...money} />
          <Field label="Weekend nightly rate" hint="Friday and Saturday nights; leave empty for the base rate." error={errorAt(errors, 'weekendNightlyRateCents')} registration={register('weekendNightlyRateCents')} {...money} />
        </div>
      </Section>

      <Section title="Fees" description="Every fee here is mandatory: each is part of the total price guests see first, with what it is for.">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Cleaning fee" hint="Per stay." error={errorAt(errors, 'cleaningFeeCents')} registration={register('cleaningFeeCents')} {...money} />
          <Field label="Service fee" hint="Per stay." error={errorAt(errors, 'serviceFeeCents')} registration={register('serviceFeeCents')} {...money} />
          <Field label="Card processing fee" hint="Of the total with taxes. A mandatory fee: part of every total guests see. 0 removes it everywhere." error={errorAt(errors, 'cardFeeBps')} registration={register('cardFeeBps')} {...percent} />
        </div>
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{CARD_SURCHARGE_NOTE}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Guests included" hint="Extra-guest fee: guests above this number pay it. Leave both empty for none." error={errorAt(errors, 'extraGuestIncluded', 'extraGuestFee.includedGuests', 'extraGuestFee')} registration={register('extraGuestIncluded')} {...count} />
          <Field label="Fee per extra guest per night" error={errorAt(errors, 'extraGuestDollars', 'extraGuestFee.centsPerNight')} registration={register('extraGuestDollars')} {...money} />
        </div>
      </Section>

      <Section
        title="Taxes"
        description="In this order on every quote: a percentage of the subtotal, or an amount per night. A stay pays the lines in force on its check-in day; a booked stay keeps the taxes it was sold with."
      >
        {TAX_GROUPS.map((group) => {
          // Grouped by the dates the rows were loaded with, so a row never jumps while its dates are typed.
          const rows = taxes.fields.map((row, i) => ({ row, i })).filter(({ row }) => rowStatus(row, today) === group.status);
          if (rows.length === 0 && group.status !== 'current') return null;
          return (
            <div key={group.status} role="group" aria-label={group.title} className="grid gap-3">
              <h3 className="text-sm font-medium text-navy-900">{group.title}</h3>
              {rows.length === 0 && <p className="text-sm text-muted-foreground">No tax is in force today.</p>}
              {rows.map(({ row, i }) => (
                <fieldset key={row.id} className="grid items-start gap-3 rounded-md border p-3 sm:grid-cols-4">
                  <legend className="sr-only">Tax {i + 1}</legend>
                  <Field label={`Tax ${i + 1} name`} className="grid gap-1.5 sm:col-span-2" error={errorAt(errors, `taxes.${i}.name`)} registration={register(`taxes.${i}.name`)} />
                  <div className="grid gap-1.5">
                    <Label htmlFor={`${row.id}-kind`}>{`Tax ${i + 1} kind`}</Label>
                    <select id={`${row.id}-kind`} className="h-10 rounded-md border border-input bg-background px-3 text-sm" {...register(`taxes.${i}.kind`)}>
                      <option value="percent">% of subtotal</option>
                      <option value="perNight">$ per night</option>
                    </select>
                  </div>
                  <Field label={`Tax ${i + 1} rate`} hint="Percent, or dollars per night." error={errorAt(errors, `taxes.${i}.amount`, `taxes.${i}.bps`, `taxes.${i}.cents`)} registration={register(`taxes.${i}.amount`)} inputMode="decimal" />
                  <Field label={`Tax ${i + 1} collected by`} hint="Named on the guest's receipt and in the tax report." className="grid gap-1.5 sm:col-span-2" error={errorAt(errors, `taxes.${i}.authority`)} registration={register(`taxes.${i}.authority`)} />
                  <Field label={`Tax ${i + 1} valid from`} hint="Stays checking in from this day. Empty: always." type="date" error={errorAt(errors, `taxes.${i}.validFrom`)} registration={register(`taxes.${i}.validFrom`)} />
                  <Field label={`Tax ${i + 1} valid to`} hint="The last check-in day it applies to. Empty: open." type="date" error={errorAt(errors, `taxes.${i}.validTo`)} registration={register(`taxes.${i}.validTo`)} />
                  <Field label={`Tax ${i + 1} exempt from (nights)`} hint="Stays this long or longer pay none of it. Empty: none." className="grid gap-1.5 sm:col-span-2" error={errorAt(errors, `taxes.${i}.exemptFromNights`)} registration={register(`taxes.${i}.exemptFromNights`)} {...count} />
                  <Button type="button" variant="ghost" className="justify-self-end sm:col-span-2 sm:mt-6" aria-label={`Remove tax ${i + 1}`} onClick={() => taxes.remove(i)}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </fieldset>
              ))}
            </div>
          );
        })}
        {errorAt(errors, 'taxes') && <p className="text-sm font-medium text-destructive">{errorAt(errors, 'taxes')}</p>}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => taxes.append({ name: '', kind: 'percent', amount: '', authority: '', validFrom: '', validTo: '', exemptFromNights: '' })}>
            <Plus aria-hidden="true" /> Add tax
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              setValue('taxes', FANNIN_COUNTY_TAXES.map(taxLineToRow), { shouldDirty: true })
            }
          >
            Use the Fannin County, Georgia preset
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">{FANNIN_COUNTY_NOTE}</p>
      </Section>

      <Section title="Stay rules" description="A stay that breaks one is refused with a message naming the rule.">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Minimum nights" error={errorAt(errors, 'minNights')} registration={register('minNights')} {...count} />
          <Field label="Maximum nights" error={errorAt(errors, 'maxNights')} registration={register('maxNights')} {...count} />
          <Field label="Maximum guests" error={errorAt(errors, 'maxGuests')} registration={register('maxGuests')} {...count} />
          <Field label="Advance notice (days)" hint="0 allows check-in today." error={errorAt(errors, 'advanceNoticeDays')} registration={register('advanceNoticeDays')} {...count} />
          <Field label="Booking window (days)" hint="How far ahead a check-in may be." error={errorAt(errors, 'bookingWindowDays')} registration={register('bookingWindowDays')} {...count} />
          <div />
          <Field label="Check-in time" error={errorAt(errors, 'checkInTime')} registration={register('checkInTime')} type="time" />
          <Field label="Check-out time" error={errorAt(errors, 'checkOutTime')} registration={register('checkOutTime')} type="time" />
        </div>
      </Section>

      <Section title="Seasons" description="A season's rate and minimum apply to its nights; the end date is its last night.">
        {seasons.fields.map((row, i) => (
          <fieldset key={row.id} className="grid items-start gap-3 rounded-md border p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]">
            <legend className="sr-only">Season {i + 1}</legend>
            <Field label={`Season ${i + 1} name`} error={errorAt(errors, `seasons.${i}.name`)} registration={register(`seasons.${i}.name`)} />
            <Field label={`Season ${i + 1} first night`} error={errorAt(errors, `seasons.${i}.start`)} registration={register(`seasons.${i}.start`)} type="date" />
            <Field label={`Season ${i + 1} last night`} error={errorAt(errors, `seasons.${i}.end`)} registration={register(`seasons.${i}.end`)} type="date" />
            <Field label={`Season ${i + 1} nightly rate`} error={errorAt(errors, `seasons.${i}.nightlyRateCents`)} registration={register(`seasons.${i}.nightlyRateCents`)} {...money} />
            <Field label={`Season ${i + 1} minimum nights`} error={errorAt(errors, `seasons.${i}.minNights`)} registration={register(`seasons.${i}.minNights`)} {...count} />
            <Button type="button" variant="ghost" className="mt-6" aria-label={`Remove season ${i + 1}`} onClick={() => seasons.remove(i)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </fieldset>
        ))}
        <div>
          <Button type="button" variant="outline" onClick={() => seasons.append({ name: '', start: '', end: '', nightlyRateCents: '', minNights: '' })}>
            <Plus aria-hidden="true" /> Add season
          </Button>
        </div>
      </Section>

      <Section title="Length-of-stay discounts" description="The best one that applies comes off the nights' price.">
        {discounts.fields.map((row, i) => (
          <fieldset key={row.id} className="grid items-start gap-3 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto]">
            <legend className="sr-only">Discount {i + 1}</legend>
            <Field label={`Discount ${i + 1} from nights`} error={errorAt(errors, `lengthOfStayDiscounts.${i}.minNights`)} registration={register(`lengthOfStayDiscounts.${i}.minNights`)} {...count} />
            <Field label={`Discount ${i + 1} percent off`} error={errorAt(errors, `lengthOfStayDiscounts.${i}.bps`)} registration={register(`lengthOfStayDiscounts.${i}.bps`)} {...percent} />
            <Button type="button" variant="ghost" className="mt-6" aria-label={`Remove discount ${i + 1}`} onClick={() => discounts.remove(i)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </fieldset>
        ))}
        <div>
          <Button type="button" variant="outline" onClick={() => discounts.append({ minNights: '', bps: '' })}>
            <Plus aria-hidden="true" /> Add discount
          </Button>
        </div>
      </Section>

      <Section
        title="Cancellation policy"
        description="What a guest gets back when the stay is cancelled, by days before check-in. Closer to check-in than every tier: no refund. Each booking keeps the policy it was paid under."
      >
        {tiers.fields.map((row, i) => (
          <fieldset key={row.id} className="grid items-start gap-3 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto]">
            <legend className="sr-only">Tier {i + 1}</legend>
            <Field label={`Tier ${i + 1} days before check-in`} hint="At least this many days before." error={errorAt(errors, `cancellationPolicy.tiers.${i}.daysBefore`)} registration={register(`cancellationPolicy.tiers.${i}.daysBefore`)} {...count} />
            <Field label={`Tier ${i + 1} % refunded`} error={errorAt(errors, `cancellationPolicy.tiers.${i}.refundBps`)} registration={register(`cancellationPolicy.tiers.${i}.refundBps`)} {...percent} />
            <Button type="button" variant="ghost" className="mt-6" aria-label={`Remove tier ${i + 1}`} onClick={() => tiers.remove(i)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </fieldset>
        ))}
        {errorAt(errors, 'cancellationPolicy.tiers') && <p className="text-sm font-medium text-destructive">{errorAt(errors, 'cancellationPolicy.tiers')}</p>}
        <div>
          <Button type="button" variant="outline" onClick={() => tiers.append({ daysBefore: '', refundBps: '' })}>
            <Plus aria-hidden="true" /> Add tier
          </Button>
        </div>
      </Section>

      <Section
        title="Payment schedule"
        description="Leave the deposit blank (or 0) to take the whole payment at booking. With a deposit, the card is saved and the balance is charged automatically; a stay booked closer to check-in than that pays in full."
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Deposit at booking (%)" hint="Blank or 0: pay in full at booking." error={errorAt(errors, 'depositBps')} registration={register('depositBps')} {...percent} />
          <Field label="Balance charged … days before check-in" error={errorAt(errors, 'balanceDueDays')} registration={register('balanceDueDays')} {...count} />
        </div>
      </Section>

      <Section title="Notices" description="What Ridgeline tells you; the Overview lists every notice.">
        <Field
          label="Owner e-mail"
          hint="Where Ridgeline e-mails new bookings, cancellations, double bookings, disputes, failing calendars and failed payments."
          error={errorAt(errors, 'ownerEmail')}
          registration={register('ownerEmail')}
          type="email"
          className="grid max-w-md gap-1.5"
        />
      </Section>

      <Section
        title="Damage deposit"
        description="A refundable hold on the guest's card, placed up to 6 days before check-in (card holds last 7 days; longer stays are held again before they lapse). Nothing is charged unless you claim part of it from the booking."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Damage deposit ($)" hint="Leave empty for no damage deposit." error={errorAt(errors, 'damageDepositCents')} registration={register('damageDepositCents')} inputMode="decimal" />
          <Field
            label="Released after check-out (days)"
            hint="The hold is released this many days after check-out unless you claim part of it."
            error={errorAt(errors, 'damageDepositReleaseDays')}
            registration={register('damageDepositReleaseDays')}
            {...count}
          />
        </div>
      </Section>

      <Section
        sectionId={COMPLIANCE_SECTION_ID}
        title="Compliance"
        description="What Fannin County requires before you advertise or rent: the numbers show in the site footer and the rental agreement; the occupancy, contact and address are on the guest's stay page and the printable house sheet."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Accommodation excise tax certificate number" hint="Issued by Fannin County. Empty until you have it." error={errorAt(errors, 'taxCertificateNumber')} registration={register('taxCertificateNumber')} />
          <Field label="Short-term rental registration number" hint="Issued by Fannin County. Empty until you have it." error={errorAt(errors, 'rentalRegistrationNumber')} registration={register('rentalRegistrationNumber')} />
          <Field label="Permitted occupancy" hint="The most persons the county permits. Maximum guests may not exceed it." error={errorAt(errors, 'permittedOccupancy')} registration={register('permittedOccupancy')} {...count} />
          <div />
          <Field label="Local contact name" hint="Reachable 24/7 during every stay." error={errorAt(errors, 'localContact.name')} registration={register('localContact.name')} />
          <Field label="Local contact phone" type="tel" error={errorAt(errors, 'localContact.phone', 'localContact')} registration={register('localContact.phone')} />
        </div>
        <TextArea label="Emergency address" hint="The street address emergency services (911) go to, as posted in the house." error={errorAt(errors, 'emergencyAddress')} registration={register('emergencyAddress')} rows={3} />
        <p className="text-sm">
          <Link to="/admin/house-sheet" className="font-medium text-forest-700 underline underline-offset-4">
            Print the house sheet
          </Link>{' '}
          <span className="text-muted-foreground">(maximum occupancy, emergency address, local contact and numbers on one page).</span>
        </p>
      </Section>

      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Save settings
        </Button>
      </div>
    </form>
  );
}
