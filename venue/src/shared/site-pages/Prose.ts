import styled from 'styled-components';

/**
 * The type of the site's written pages (terms of use, about us) on the venue's dark page: the
 * site's page and the back office's preview of it (/cms/paginas) draw the text alike.
 */
export const Prose = styled.article`
  line-height: 1.7;
  max-width: 75ch;
  h2 {
    margin: 32px 0 8px;
    font-size: 1.3rem;
  }
  h3,
  h4,
  h5,
  h6 {
    margin: 24px 0 6px;
    font-size: 1.1rem;
  }
  p,
  ul,
  ol,
  blockquote {
    margin: 0 0 14px;
  }
  a {
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  blockquote {
    padding-left: 16px;
    border-left: 3px solid ${({ theme }) => theme.colors.primary};
  }
  img {
    max-width: 100%;
    height: auto;
  }
  .updated {
    margin-top: 32px;
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;
