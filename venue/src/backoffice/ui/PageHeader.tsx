import type { ReactNode } from 'react';
import styled from 'styled-components';

const Header = styled.header`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 16px;
  margin-bottom: 20px;
  h1 {
    margin: 0;
    font-size: 1.6rem;
  }
`;

export const PageHeader = ({ title, children }: { title: string; children?: ReactNode }) => (
  <Header>
    <h1>{title}</h1>
    {children}
  </Header>
);

/** SPEC §9 display format: DD-MM-YYYY HH:mm, in the viewer's time zone. */
export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
