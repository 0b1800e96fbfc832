import styled from 'styled-components';

/**
 * The page of the venue's HTML screens (sala-network, the room's programme by day): black with
 * the venue's warm light from above, a centred column (`.wrap`, `$width` wide), the title and
 * its introduction.
 */
export const ScreenPage = styled.main<{ $width: number }>`
  min-height: 100vh;
  padding: 32px 24px calc(var(--nav-height, 72px) + 32px);
  background: radial-gradient(ellipse 80% 50% at 50% 0%, rgba(163, 65, 0, 0.3), transparent 70%), #000;
  .wrap {
    max-width: ${({ $width }) => $width}px;
    margin: 0 auto;
  }
  h1 {
    margin: 16px 0 8px;
    font-size: clamp(1.6rem, 3vw, 2.4rem);
  }
  .intro {
    margin: 0 0 24px;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;
