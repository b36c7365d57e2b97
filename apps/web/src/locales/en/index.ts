import auth from './auth.json';
import booking from './booking.json';
import common from './common.json';
import home from './home.json';
import layout from './layout.json';
import search from './search.json';
import services from './services.json';

/** The English resources, one namespace per area of the app. */
export const resources = { common, auth, booking, home, layout, search, services } as const;
