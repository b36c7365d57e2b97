import auth from './auth.json';
import common from './common.json';

/** The English resources, one namespace per area of the app. */
export const resources = { common, auth } as const;
