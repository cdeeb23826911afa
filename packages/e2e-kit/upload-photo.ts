import type { Page } from 'playwright-core';

/**
 * A real JPEG (a gradient with a sun, drawn by the page's canvas in `hue`) uploaded as the app
 * uploads one, `POST /api/media` multipart with the person's token, from the page's own origin:
 * its media id. The page must be on the app already.
 */
export function uploadPhoto(
  page: Page,
  token: string,
  hue: number,
  size: { width: number; height: number } = { width: 800, height: 600 },
): Promise<string> {
  // A function, not a string: the app's CSP forbids evaluating strings in the page.
  return page.evaluate(
    async ({ token, hue, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const draw = canvas.getContext('2d')!;
      const sky = draw.createLinearGradient(0, 0, width, height);
      sky.addColorStop(0, `hsl(${hue} 70% 68%)`);
      sky.addColorStop(1, `hsl(${hue + 50} 60% 32%)`);
      draw.fillStyle = sky;
      draw.fillRect(0, 0, width, height);
      draw.fillStyle = 'rgba(255, 250, 230, 0.85)';
      draw.beginPath();
      draw.arc(width * 0.7, height * 0.32, height * 0.12, 0, Math.PI * 2);
      draw.fill();
      draw.fillStyle = `hsl(${hue + 120} 35% 22% / 0.8)`;
      draw.fillRect(0, height * 0.75, width, height * 0.25);
      const jpeg = await new Promise<Blob>((done) =>
        canvas.toBlob((blob) => done(blob!), 'image/jpeg', 0.85),
      );
      const form = new FormData();
      form.append('file', jpeg, 'photo.jpg');
      const answer = await fetch('/api/media', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
      return ((await answer.json()) as { id: string }).id;
    },
    { token, hue, ...size },
  );
}
