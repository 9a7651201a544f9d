import { AMENITIES, PROPERTY } from '@ridgeline/core';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';

/** index.html's JSON-LD is static (no inline script under the CSP); keep it in step with core. */
function structuredData(): Record<string, unknown> {
  const doc = new DOMParser().parseFromString(indexHtml, 'text/html');
  const json = doc.querySelector('script[type="application/ld+json"]')?.textContent;
  if (!json) throw new Error('index.html has no JSON-LD block');
  return JSON.parse(json) as Record<string, unknown>;
}

describe('index.html structured data', () => {
  it('describes the property with core facts', () => {
    const data = structuredData();
    expect(data['@type']).toEqual(['VacationRental', 'LodgingBusiness']);
    expect(data).toMatchObject({
      name: PROPERTY.name,
      description: PROPERTY.description,
      numberOfBedrooms: PROPERTY.bedrooms,
      numberOfBathroomsTotal: PROPERTY.bathrooms,
      occupancy: { maxValue: PROPERTY.sleeps },
      floorSize: { value: PROPERTY.squareFeet, unitCode: 'FTK' },
      address: {
        addressLocality: PROPERTY.address.locality,
        addressRegion: PROPERTY.address.region,
        addressCountry: PROPERTY.address.country,
      },
      geo: { latitude: PROPERTY.geo.latitude, longitude: PROPERTY.geo.longitude },
      email: PROPERTY.contact.email,
      telephone: PROPERTY.contact.phone,
    });
    const amenities = (data.amenityFeature as { name: string }[]).map((a) => a.name);
    expect(amenities).toEqual([...AMENITIES]);
  });

  it('uses the server-filled origin for its URLs and has no inline script code', () => {
    expect(structuredData().url).toBe('__PUBLIC_URL__/');
    const doc = new DOMParser().parseFromString(indexHtml, 'text/html');
    const inline = [...doc.querySelectorAll('script:not([src])')].filter(
      (s) => s.getAttribute('type') !== 'application/ld+json',
    );
    expect(inline).toHaveLength(0);
  });
});
