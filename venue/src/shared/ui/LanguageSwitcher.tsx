import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LANGUAGE_LABEL, LANGUAGES, type Language } from '@plataforma/adapter/constants';
import { changeLanguage } from '../i18n';
import { useAppState } from '../state/store';

const Group = styled.div`
  display: inline-flex;
  gap: 2px;
  padding: 4px;
  border-radius: 999px;
  background: rgba(0, 0, 0, 0.55);
  border: 1px solid rgba(255, 255, 255, 0.18);
  backdrop-filter: blur(6px);
  --focus-ring: ${({ theme }) => theme.colors.focus};
`;

const Choice = styled.button`
  min-width: 44px;
  min-height: 32px;
  padding: 0 10px;
  border: 0;
  border-radius: 999px;
  background: transparent;
  color: ${({ theme }) => theme.colors.platformText};
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  cursor: pointer;
  transition: background 150ms ease;
  &:hover {
    background: rgba(255, 255, 255, 0.12);
  }
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    color: #fff;
  }
  &[aria-busy='true'] {
    opacity: 0.6;
    cursor: progress;
  }
`;

/**
 * PT, EN, DE (SPEC's packs PT, EN, AL: the German pack keeps its code `al`, shown as 'DE'). Picking EN or DE downloads its pack; when it cannot be
 * loaded the page stays in Portuguese, silently (SPEC §8).
 */
export const LanguageSwitcher = ({ className }: { className?: string }) => {
  const { t } = useTranslation();
  const language = useAppState((s) => s.language);
  const [pending, setPending] = useState<Language | null>(null);

  const pick = (code: Language) => {
    if (code === language || pending) return;
    setPending(code);
    void changeLanguage(code).finally(() => setPending(null));
  };

  return (
    <Group role="group" aria-label={t('language.label')} className={className}>
      {LANGUAGES.map((code) => (
        <Choice
          key={code}
          type="button"
          aria-label={`${LANGUAGE_LABEL[code]} ${t(`language.names.${code}`)}`}
          aria-pressed={code === language}
          aria-busy={code === pending}
          onClick={() => pick(code)}
        >
          {LANGUAGE_LABEL[code]}
        </Choice>
      ))}
    </Group>
  );
};
