import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { Logo } from './Logo';

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  text-align: center;
  padding: 48px 24px;
  background:
    radial-gradient(ellipse 70% 45% at 50% 110%, rgba(163, 65, 0, 0.35), transparent 70%), ${({ theme }) => theme.colors.platformBackground};
  color: ${({ theme }) => theme.colors.platformText};
  --focus-ring: ${({ theme }) => theme.colors.focus};
`;

const Box = styled.div`
  max-width: 560px;
  h1 {
    font-size: clamp(1.8rem, 4vw, 2.6rem);
    line-height: 1.15;
    margin: 0 0 12px;
  }
  p {
    margin: 0 0 32px;
    color: ${({ theme }) => theme.colors.platformTextMuted};
    line-height: 1.55;
  }
`;

const Brand = styled.p`
  && {
    display: inline-flex;
    align-items: center;
    gap: 10px;
    margin: 0 0 40px;
    color: ${({ theme }) => theme.colors.platformText};
    font-weight: 700;
    letter-spacing: 0.02em;
  }
`;

const Mark = styled.p`
  && {
    margin: 0 0 8px;
    font-size: clamp(4rem, 12vw, 7rem);
    font-weight: 800;
    line-height: 1;
    letter-spacing: 0.04em;
    color: transparent;
    -webkit-text-stroke: 2px ${({ theme }) => theme.colors.primaryLight};
    opacity: 0.6;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  justify-content: center;
`;

/** A full page that tells the visitor where they are and how to get back (not found, event not found, failure). */
export const StatusScreen = ({ mark, title, hint, children }: { mark?: string; title: string; hint: string; children: ReactNode }) => {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Page>
      <Box>
        <Brand>
          <Logo size={32} />
          {t('common.brand')}
        </Brand>
        {mark && <Mark aria-hidden="true">{mark}</Mark>}
        <h1>{title}</h1>
        <p>{hint}</p>
        <Actions>{children}</Actions>
      </Box>
    </Page>
  );
};
