import common from './common.json';
import layout from './layout.json';
import search from './search.json';

/** The namespaces every page needs (header, footer, search box, shared texts), in Bangla. */
export const coreResources = { common, layout, search } as const;
