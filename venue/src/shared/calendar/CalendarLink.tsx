import styled from 'styled-components';

const Link = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  padding: 0 18px;
  border-radius: ${({ theme }) => theme.radius};
  border: 2px solid ${({ theme }) => theme.colors.primaryLight};
  color: ${({ theme }) => theme.colors.primaryLight};
  background: transparent;
  font-weight: 600;
  text-decoration: none;
  &:hover {
    background: rgba(255, 182, 140, 0.12);
  }
  &.compact {
    min-height: 36px;
    padding: 0 12px;
    font-size: 0.9rem;
  }
`;

/**
 * 'Adicionar à agenda': a link that downloads an `.ics` file (RFC 5545), which the phone or the
 * computer opens in its calendar. `label` is what it shows; `name` what a screen reader hears
 * (it begins with the label, so speaking the label selects it).
 */
export const CalendarLink = ({ href, label, name, compact }: { href: string; label: string; name: string; compact?: boolean }) => (
  <Link href={href} download aria-label={name} className={compact ? 'compact' : undefined} type="text/calendar">
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4M12 13v5M9.5 15.5h5" />
    </svg>
    {label}
  </Link>
);
