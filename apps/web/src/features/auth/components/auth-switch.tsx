import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/link';
import { keepFrom } from './redirect-target';

interface Props {
  /** "Don't have an account?" */
  question: string;
  /** The other auth page. */
  to: string;
  children: ReactNode;
}

/** The line under Login or Register linking to the other page, keeping where the visitor came from. */
export function AuthSwitch({ question, to, children }: Props) {
  const { state, search } = useLocation();
  return (
    <>
      {question}{' '}
      <Link to={to} state={keepFrom(state, search)} className="link font-semibold link-primary">
        {children}
      </Link>
    </>
  );
}
