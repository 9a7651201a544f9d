import { telHref } from '@ridgeline/core';
import { useListing } from '@/lib/public-data';
import { SectionHeading } from './section-heading';

/**
 * The listing's "Accessibility" section ([a11y.facts]): the owner's own facts (steps to the
 * entrance, door widths, bathroom and bed details, floors) as written, or, until written, a plain
 * statement that the house has not been assessed, with the contact to ask.
 */
export function AccessibilitySection() {
  const listing = useListing();
  const facts = listing.accessibilityFacts;
  return (
    <section id="accessibility" aria-labelledby="accessibility-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="accessibility-title" eyebrow="Getting around" title="Accessibility" />
        {facts ? (
          <p className="mt-6 max-w-3xl whitespace-pre-line leading-relaxed text-navy-900">{facts}</p>
        ) : (
          <p className="mt-6 max-w-3xl leading-relaxed text-navy-900">
            The house has not been assessed for accessibility. Before you book, ask us about steps, doors, bathrooms
            and floors: call <a className="font-medium text-forest-700 underline underline-offset-4" href={`tel:${telHref(listing.contactPhone)}`}>{listing.contactPhone}</a> or write to{' '}
            <a className="font-medium text-forest-700 underline underline-offset-4" href={`mailto:${listing.contactEmail}`}>{listing.contactEmail}</a>.
          </p>
        )}
      </div>
    </section>
  );
}
