/**
 * A photo made ready to upload on the device: turned upright by its EXIF orientation, its long side
 * at most `maxSide` pixels (never made larger), as a JPEG. Phones' photos of 12+ megapixels go over a
 * poor signal as a few hundred kilobytes instead of several megabytes. The server re-encodes it anyway
 * (and strips what metadata is left): this only saves the driver's time and data.
 */
export async function resizeImage(blob: Blob, maxSide = 1600, quality = 0.85): Promise<Blob> {
  // 'from-image' applies the EXIF orientation, so a portrait photo stays portrait once re-encoded.
  const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      draw(canvas.getContext('2d'), bitmap, width, height);
      return await canvas.convertToBlob({ type: 'image/jpeg', quality });
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    draw(canvas.getContext('2d'), bitmap, width, height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The photo could not be converted.'))), 'image/jpeg', quality);
    });
  } finally {
    bitmap.close();
  }
}

function draw(
  ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null,
  bitmap: ImageBitmap,
  width: number,
  height: number,
): void {
  if (!ctx) throw new Error('The photo could not be converted: this browser has no canvas.');
  // JPEG has no transparency: a transparent PNG's background turns white, not black.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, width, height);
}
