import { CircleAlert, Info } from 'lucide-react';
import type { ReactNode } from 'react';

interface AuthCardProps {
  icon: ReactNode;
  heading: string;
  subtitle: string;
  /** Notices shown above the form (e.g. "Account created. Please log in."). */
  notice?: ReactNode;
  /** The line under the card, linking to the other auth page. */
  footer: ReactNode;
  children: ReactNode;
}

/** The frame of the Login and Register pages: a centred card on a soft background. */
export function AuthCard({ icon, heading, subtitle, notice, footer, children }: AuthCardProps) {
  return (
    <section className="bg-base-200 px-3 py-8 sm:py-14" aria-labelledby="auth-heading">
      <div className="mx-auto w-full max-w-md">
        <div className="card border border-base-300 bg-base-100 shadow-xl">
          <div className="card-body gap-0 p-5 sm:p-8">
            <div className="mb-5 flex flex-col items-center text-center">
              <span
                className="mb-3 grid size-12 place-items-center rounded-full bg-primary/10 text-primary"
                aria-hidden="true"
              >
                {icon}
              </span>
              <h1 id="auth-heading" className="text-2xl font-bold sm:text-3xl">
                {heading}
              </h1>
              <p className="mt-1 text-sm text-base-content/75">{subtitle}</p>
            </div>
            {notice}
            {children}
            <p className="mt-6 text-center text-sm">{footer}</p>
          </div>
        </div>
      </div>
    </section>
  );
}

/** An information line above an auth form (announced politely). */
export function AuthNotice({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="alert mb-3 border-info/40 bg-info/10 text-sm text-base-content">
      <Info className="size-5 text-sky-700 dark:text-sky-300" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}

/**
 * A form-level error of an auth form, announced at once (role alert). With `live={false}` it is
 * only the box, for a live region that stays in the page (so its first text is announced too).
 */
export function AuthFormError({
  children,
  className = 'mb-2',
  live = true,
}: {
  children: ReactNode;
  className?: string;
  live?: boolean;
}) {
  return (
    <div
      role={live ? 'alert' : undefined}
      className={`alert border-error/40 bg-error/10 text-sm text-base-content ${className}`}
    >
      <CircleAlert className="size-5 text-red-700 dark:text-red-300" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}
