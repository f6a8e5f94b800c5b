import { Fragment } from 'react';
import type { SheetPart } from '../../../core/api/view';
import { when } from '../history/format';

/** The headings of a sheet: one level down in a report, under the report's own title. */
export interface SheetHeadings {
  Heading: 'h1' | 'h2';
  Sub: 'h2' | 'h3';
}

/** A line's words: bold where the sheet says so, a timestamp as the reader's locale writes it. */
export function Words({ parts }: { parts: readonly SheetPart[] }) {
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {typeof part === 'string' ? part : 'strong' in part ? <b>{part.strong}</b> : when(part.date)}
        </Fragment>
      ))}
    </>
  );
}
