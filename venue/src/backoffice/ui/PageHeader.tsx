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
