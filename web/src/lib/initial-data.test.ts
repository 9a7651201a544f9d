import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_DATA_ELEMENT_ID, readInitialData, serializeInitialData, type InitialPageData } from './initial-data';

const data: InitialPageData = {
  imageConfig: { property: { hero: '/uploads/hero-0123456789abcdef.jpg' }, carousel: {}, location: {} } as InitialPageData['imageConfig'],
  publishedReviews: {
    reviews: [
      { id: 1, guestName: 'Ann', rating: 5, title: 'Great', content: 'Nice </script><!-- \u2028 & "x"', stayDate: '2026-05-01' },
    ],
  } as InitialPageData['publishedReviews'],
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the data embedded in a server-rendered page ([pages.server-rendered])', () => {
  it('serializes without anything that could end the script element, and reads back the same data', () => {
    const json = serializeInitialData(data);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = INITIAL_DATA_ELEMENT_ID;
    script.textContent = json;
    document.body.append(script);
    expect(readInitialData()).toEqual(data);
  });

  it('is undefined on a page without it, or when it does not parse', () => {
    expect(readInitialData()).toBeUndefined();
    document.body.innerHTML = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">{nope</script>`;
    expect(readInitialData()).toBeUndefined();
  });
});
