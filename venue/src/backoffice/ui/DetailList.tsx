import type { ReactNode } from 'react';
import styled from 'styled-components';

const List = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 10px 20px;
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    word-break: break-word;
  }
  dd.pre {
    white-space: pre-wrap;
  }
`;

export interface DetailRow {
  label: string;
  value: ReactNode;
  /** Keeps the value's line breaks (a message as it was written). */
  pre?: boolean;
}

/** A record's fields in a details modal: each label beside its value (the log, the contacts). */
export const DetailList = ({ rows }: { rows: readonly DetailRow[] }) => (
  <List>
    {rows.map((row) => (
      <div key={row.label} style={{ display: 'contents' }}>
        <dt>{row.label}</dt>
        <dd className={row.pre ? 'pre' : undefined}>{row.value}</dd>
      </div>
    ))}
  </List>
);
