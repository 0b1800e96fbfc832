import styled from 'styled-components';
import { useBackofficeTranslation } from '../i18n';

const Anchor = styled.a`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  white-space: nowrap;
`;

/**
 * 'ver no site': the venue page a row of the back office drives (an event's entrance hall, a room,
 * a stand), in a new tab. Screen readers also hear what it opens and that a tab opens.
 */
export const ViewOnSite = ({ href, name }: { href: string; name?: string }) => {
  const { t } = useBackofficeTranslation();
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {t('viewOnSite.label')}
      <span className="visually-hidden">
        {name ? `: ${name}` : ''} {t('viewOnSite.newTab')}
      </span>
    </Anchor>
  );
};
