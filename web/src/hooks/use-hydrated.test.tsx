import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
// React's server renderer (not our server code): the test renders as the server would, then hydrates.
// eslint-disable-next-line no-restricted-imports
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHydrated } from './use-hydrated';

function Probe() {
  return <p data-testid="probe">{useHydrated() ? 'browser' : 'server'}</p>;
}

describe('useHydrated', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('is false in the server render', () => {
    expect(renderToString(<Probe />)).toContain('server');
  });

  it('is true from the first render of a page rendered in the browser alone', () => {
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('browser');
  });

  it('hydrates the server HTML without a mismatch, then turns true', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Probe />, { onRecoverableError: recoverable });
    });
    expect(container.textContent).toBe('browser');
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });
});
