/** Providers are identified by e-mail (case-insensitive): nobody books their own service. */
export function isOwnService(user: { email: string } | null, service: { providerEmail: string }): boolean {
  return !!user && user.email.trim().toLowerCase() === service.providerEmail.trim().toLowerCase();
}
