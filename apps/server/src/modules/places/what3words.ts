/** Turns a what3words address into coordinates. */
export interface What3WordsProvider {
  readonly configured: boolean;
  toCoordinates(words: string): Promise<{ lat: number; lng: number; words: string }>;
}

export class NotConfigured extends Error {}

/** The local default: says plainly that the service is not set up. */
export const what3wordsNotConfigured: What3WordsProvider = {
  configured: false,
  toCoordinates: () => Promise.reject(new NotConfigured('what3words is not configured on this server: set W3W_API_KEY to use it.')),
};

/** The what3words public API (needs a key and the internet). */
export function what3wordsApi(apiKey: string, baseUrl = 'https://api.what3words.com/v3'): What3WordsProvider {
  return {
    configured: true,
    async toCoordinates(words) {
      const url = `${baseUrl}/convert-to-coordinates?words=${encodeURIComponent(words.replace(/^\/+/, ''))}&key=${encodeURIComponent(apiKey)}`;
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      const body = (await res.json()) as { coordinates?: { lat: number; lng: number }; words?: string; error?: { message?: string } };
      if (!res.ok || !body.coordinates) throw new Error(body.error?.message ?? `what3words answered ${res.status}`);
      return { lat: body.coordinates.lat, lng: body.coordinates.lng, words: body.words ?? words };
    },
  };
}
