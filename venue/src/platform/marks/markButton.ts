import styled from 'styled-components';

/**
 * A mark's toggle (the programme's star, the directory's heart): a round button 44 px square (a
 * finger's target), in `pressed`, its colour, while aria-pressed is true.
 */
export const markButton = (pressed: string) => styled.button`
  width: 44px;
  height: 44px;
  display: grid;
  place-items: center;
  border: 1px solid rgba(255, 255, 255, 0.25);
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.platformText};
  font-size: 1.4rem;
  line-height: 1;
  cursor: pointer;
  &[aria-pressed='true'] {
    color: ${pressed};
    border-color: ${pressed};
  }
  &:hover {
    background: rgba(255, 255, 255, 0.1);
  }
`;
