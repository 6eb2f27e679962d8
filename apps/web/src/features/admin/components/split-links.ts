const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** Splits plain text into text and links; only http(s) URLs become links (mail bodies are untrusted text). */
export function splitLinks(text: string): Array<{ kind: 'text' | 'link'; value: string }> {
  return text
    .split(URL_PATTERN)
    .filter((part) => part !== '')
    .map((part) => ({ kind: /^https?:\/\//.test(part) ? 'link' : 'text', value: part }));
}
