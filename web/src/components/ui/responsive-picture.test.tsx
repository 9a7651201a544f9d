import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultImageConfig, type ImageConfig } from '@ridgeline/core';
import { ImageVariantsProvider } from '@/lib/public-data';
import { ResponsivePicture } from './responsive-picture';

const UPLOAD = '/uploads/hero-0123456789abcdef.jpg';
const SIZES = '100vw';

function pictures(variants: ImageConfig['variants'] | undefined) {
  return (
    <ImageVariantsProvider variants={variants}>
      <div data-testid="upload">
        <ResponsivePicture src={UPLOAD} alt="Uploaded" sizes={SIZES} priority />
      </div>
      <div data-testid="default">
        <ResponsivePicture src="/images/defaults/hero.jpg" alt="Built in" sizes={SIZES} priority />
      </div>
    </ImageVariantsProvider>
  );
}

/** Each `<source>` as type, sizes and its srcset with the file names' stems made generic. */
function sources(container: HTMLElement) {
  return [...container.querySelectorAll('source')].map((s) => ({
    type: s.getAttribute('type'),
    sizes: s.getAttribute('sizes'),
    srcset: (s.getAttribute('srcset') ?? '').replace(/\/[^ ]+-(\d+)\.(avif|webp|jpg) /g, 'FILE-$1.$2 '),
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('ResponsivePicture ([images.variants])', () => {
  it("gives an uploaded image the same <picture> sources as a built-in one once the image config lists its files, fetching nothing itself", () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const view = render(pictures(undefined));
    const upload = view.getByTestId('upload');
    // Before the config is loaded: the WebP beside the JPEG, as for uploads stored before variants.
    expect(sources(upload)).toEqual([{ type: 'image/webp', sizes: SIZES, srcset: '/uploads/hero-0123456789abcdef.webp' }]);

    const config: ImageConfig = {
      ...defaultImageConfig(),
      variants: { [UPLOAD]: { width: 2560, height: 1707, widths: [480, 960, 1600], formats: ['avif', 'webp', 'jpeg'] } },
    };
    view.rerender(pictures(config.variants));
    expect(sources(upload)).toEqual(sources(view.getByTestId('default')));
    expect(sources(upload).map((s) => s.type)).toEqual(['image/avif', 'image/webp', 'image/jpeg']);
    expect(upload.querySelector('source')?.getAttribute('srcset')).toBe(
      '/uploads/hero-0123456789abcdef-480.avif 480w, /uploads/hero-0123456789abcdef-960.avif 960w, /uploads/hero-0123456789abcdef-1600.avif 1600w',
    );
    const img = upload.querySelector('img');
    expect([img?.getAttribute('src'), img?.getAttribute('width'), img?.getAttribute('height'), img?.getAttribute('sizes')]).toEqual([UPLOAD, '2560', '1707', SIZES]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
