import auth from './auth.json';
import bookings from './bookings.json';
import profile from './profile.json';
import provider from './provider.json';
import booking from './booking.json';
import common from './common.json';
import conversations from './conversations.json';
import home from './home.json';
import layout from './layout.json';
import notifications from './notifications.json';
import pages from './pages.json';
import photos from './photos.json';
import places from './places.json';
import search from './search.json';
import services from './services.json';

/** The English resources, one namespace per area of the app. */
export const resources = {
  common,
  auth,
  booking,
  bookings,
  conversations,
  home,
  layout,
  notifications,
  pages,
  photos,
  places,
  profile,
  provider,
  search,
  services,
} as const;
