import { isPreviewable } from './previewable-media-types';

describe('isPreviewable', () => {
  it('shows PDFs and raster images inline, whatever the letter case or parameters', () => {
    for (const type of ['application/pdf', 'image/png', 'image/jpeg', 'IMAGE/PNG', 'application/pdf; qs=1']) {
      expect(isPreviewable(type)).toBe(true);
    }
  });

  it('never shows inline what may hold scripts or forms, nor anything unknown', () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/xml', '', 'image/']) {
      expect(isPreviewable(type)).toBe(false);
    }
  });
});
