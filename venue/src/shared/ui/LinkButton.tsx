import { Link } from 'react-router-dom';
import styled from 'styled-components';

/** A link that looks like the primary button (navigation, not an action). */
export const LinkButton = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: 0 22px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  font-weight: 600;
  text-decoration: none;
  transition: background 150ms ease;
  &:hover {
    background: ${({ theme }) => theme.colors.primaryDark};
  }
`;
