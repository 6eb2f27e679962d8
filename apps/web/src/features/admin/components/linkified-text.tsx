import { Anchor } from '@mantine/core';
import { Fragment } from 'react';
import { splitLinks } from './split-links.ts';

/** Plain text with its URLs clickable, keeping line breaks. */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
        part.kind === 'link' ? (
          <Anchor key={i} href={part.value} style={{ wordBreak: 'break-all' }}>
            {part.value}
          </Anchor>
        ) : (
          <Fragment key={i}>{part.value}</Fragment>
        ),
      )}
    </>
  );
}
