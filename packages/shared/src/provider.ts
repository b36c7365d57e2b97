import { z } from 'zod';

/**
 * A provider's public page (issue 22): who they are, as their profile says, and what their
 * services and reviews add up to. The services and the reviews are paged lists of their own
 * (GET /api/providers/{id}/services and /reviews).
 */
export const providerProfileSchema = z
  .object({
    id: z.string(),
    displayName: z.string(),
    photoURL: z.string().nullable(),
    /** The areas (divisions) of their active services, the one with most services first. */
    areas: z.array(z.string()),
    /** When they joined Meramot (ISO 8601). */
    memberSince: z.string(),
    /** They have confirmed their e-mail with the identity service ("Verified Provider"). */
    emailVerified: z.boolean(),
    /** Mean rating of the reviews of all their services, to one decimal; null while there are none. */
    rating: z.number().nullable(),
    reviewCount: z.number().int(),
    /** Their active services. */
    serviceCount: z.number().int(),
  })
  .meta({ id: 'ProviderProfile' });
export type ProviderProfile = z.infer<typeof providerProfileSchema>;
