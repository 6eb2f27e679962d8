import { describe, expect, it } from 'vitest';
import { sanitizeSvg, SvgRefused } from './svg-sanitize.ts';

const wrap = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attrs}>${inner}</svg>`;

describe('sanitizeSvg', () => {
  it('keeps a plain drawing as it is', () => {
    const svg = wrap('<g fill="#0f7a4a"><rect x="1" y="1" width="8" height="8" rx="2"/><text x="2" y="8" font-size="6">N &amp; W</text></g>');
    expect(sanitizeSvg(svg)).toBe(svg);
  });

  it('drops scripts, style sheets, foreignObject and unknown elements with all they hold', () => {
    const out = sanitizeSvg(wrap(
      '<script>alert(1)</script><style>@import url(https://evil.example/x.css);</style>'
      + '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'
      + '<sodipodi:namedview id="v"/><image href="https://evil.example/track.png"/><circle cx="5" cy="5" r="4"/>',
    ));
    expect(out).toBe(wrap('<circle cx="5" cy="5" r="4"/>'));
  });

  it('drops event handlers, external links and url() to anywhere but the drawing itself', () => {
    const out = sanitizeSvg(wrap(
      '<rect onload="alert(1)" onclick=\'x()\' width="1" height="1" fill="url(https://evil.example/p)" style="fill:url(#g);stroke:red"/>'
      + '<use href="https://evil.example/sprite.svg#a"/><use xlink:href="javascript:alert(1)"/><use href="#g"/>'
      + '<rect width="1" height="1" style="background:u&#114;l(https://evil.example/)"/>',
      ' onload="alert(2)"',
    ));
    expect(out).not.toMatch(/onload|onclick|evil|javascript|&#114/);
    expect(out).toContain('style="fill:url(#g);stroke:red"');
    expect(out).toContain('<use href="#g"/>');
  });

  it('adds the SVG namespace when missing and escapes stray characters in text', () => {
    expect(sanitizeSvg('<svg viewBox="0 0 1 1"><title>A & B > C</title></svg>'))
      .toBe('<svg viewBox="0 0 1 1" xmlns="http://www.w3.org/2000/svg"><title>A &amp; B &gt; C</title></svg>');
  });

  it('keeps an XML declaration and comments out of the result', () => {
    expect(sanitizeSvg('<?xml version="1.0"?>\n<!-- made by hand --><svg xmlns="http://www.w3.org/2000/svg"><!-- x --><g/></svg>\n'))
      .toBe('<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>');
  });

  it('refuses what is not one well-formed SVG element', () => {
    for (const bad of [
      '', 'hello', '<html><body/></html>', '<svg><g></svg>', '<svg></svg><svg></svg>', '<svg>', 'x<svg/>',
      '<!DOCTYPE svg [<!ENTITY x "y">]><svg/>', '<svg><![CDATA[<script>alert(1)</script>]]></svg>',
      '<svg><script>if (a < b) alert(1)</script></svg>', '<svg a="1" a="2"/>', '<svg/>trailing',
    ]) {
      expect(() => sanitizeSvg(bad), bad).toThrow(SvgRefused);
    }
  });
});
