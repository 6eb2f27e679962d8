/** An example command in the words of the device's protocol (a GT06 speaks SMS words, a Queclink AT+GT…). */
export function commandExample(protocol: string | null): string {
  if (protocol === 'gt06') return 'STATUS#';
  if (protocol === 'queclink') return 'AT+GTRTO=gv300,1,,,,,,0001$';
  return 'getinfo';
}
