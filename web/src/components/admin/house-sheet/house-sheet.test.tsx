import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, PROPERTY } from '@ridgeline/core';
import { HouseSheetContent } from './house-sheet';

afterEach(cleanup);

describe('HouseSheetContent ([compliance.house-sheet])', () => {
  it("is headed with the listing's name ([listing.fields]), the built-in name until the listing loads", () => {
    const { rerender } = render(<HouseSheetContent settings={DEFAULT_SETTINGS} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${PROPERTY.name}: house information`);
    rerender(<HouseSheetContent settings={DEFAULT_SETTINGS} houseName="Laurel Ridge Lodge" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Laurel Ridge Lodge: house information');
  });
});
