import '../shared/i18n/site';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ContactForm } from '../shared/contact/ContactModal';
import { ScreenPage } from '../shared/ui/ScreenPage';
import { useDocumentTitle } from '../shared/hooks/useDocumentTitle';

const Card = styled.div`
  padding: clamp(20px, 4vw, 32px);
  border-radius: 16px;
  background: rgba(22, 14, 9, 0.92);
  border: 1px solid rgba(255, 182, 140, 0.2);
`;

/**
 * `/contato`: the contact form for anyone, signed in or not (the help desk's modal needs the
 * venue). Once sent, the toast says so and the form starts again empty.
 */
export const ContactPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('site.contact.title'));
  const [round, setRound] = useState(0);
  return (
    <ScreenPage $width={640}>
      <div className="wrap">
        <h1>{t('site.contact.title')}</h1>
        <Card>
          <ContactForm key={round} onSent={() => setRound((n) => n + 1)} />
        </Card>
      </div>
    </ScreenPage>
  );
};
