import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { LazySection, type LazySectionQuery } from './lazy-section';

/** A booking's History and Money sections: read when opened, with loading, error and data states. */

afterEach(cleanup);

function Harness({ query }: { query: LazySectionQuery<string[]> }) {
  const [open, setOpen] = useState(false);
  return (
    <LazySection label="History of Jane's booking" title="History" what="history" open={open} onOpenChange={setOpen} query={query} actions={<button type="button">Act</button>}>
      {(lines, headingId) => (
        <ul aria-labelledby={headingId}>
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
    </LazySection>
  );
}

const state = (over: Partial<LazySectionQuery<string[]>>): LazySectionQuery<string[]> => ({ isPending: false, isError: false, error: null, data: undefined, refetch: vi.fn(), ...over });

describe('LazySection', () => {
  it('shows nothing of its content until opened, then the data, and closes again', () => {
    render(<Harness query={state({ data: ['Booked', 'Paid'] })} />);
    const toggle = screen.getByRole('button', { name: 'History' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Booked')).toBeNull();
    expect(screen.getByRole('button', { name: 'Act' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('list', { name: 'History' }).textContent).toBe('BookedPaid');
    fireEvent.click(toggle);
    expect(screen.queryByText('Booked')).toBeNull();
  });

  it('says it is loading while the query is pending', () => {
    render(<Harness query={state({ isPending: true })} />);
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(screen.getByRole('status', { name: 'Loading history' })).toBeTruthy();
  });

  it("shows the server's message on an error, and Try again reads it again", () => {
    const refetch = vi.fn();
    render(<Harness query={state({ isError: true, error: new ApiError(500, '{"error":"Database is busy"}'), refetch })} />);
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(screen.getByRole('alert').textContent).toContain('The history could not be loaded: Database is busy');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
