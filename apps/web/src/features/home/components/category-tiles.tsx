import { CATEGORIES, type CategoryKey } from '@meramot/shared';
import { AirVent, Laptop, Smartphone, Tv, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { useCategories } from '../api/get-categories';
import { HomeSection } from './home-section';

const ICONS: Record<CategoryKey, LucideIcon> = { smartphone: Smartphone, laptop: Laptop, tv: Tv, ac: AirVent };

/** The search text of a tile: the first word of the category name ('Smartphone', 'Laptop', 'TV', 'AC'). */
export const categorySearch = (name: string) => name.split(' ')[0]!;

/** Smartphone, Laptop, TV and AC repair, each with its count of active services. */
export function CategoryTiles() {
  const { t } = useTranslation('home');
  const localize = useLocalize();
  const { data, isPending } = useCategories();
  const counts = new Map(data?.map((c) => [c.key, c.count]));
  return (
    <HomeSection headingId="home-categories-heading" title={t('categories.heading')} intro={t('categories.intro')}>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {CATEGORIES.map((category) => {
          const Icon = ICONS[category.key];
          const count = counts.get(category.key);
          return (
            <li key={category.key}>
              <Link
                to={localize(paths.servicesSearch(categorySearch(category.name)))}
                className="card h-full border border-base-300 bg-base-100 transition hover:-translate-y-0.5 hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary motion-reduce:transition-none motion-reduce:hover:translate-y-0"
              >
                <span className="card-body items-center gap-2 p-4 text-center sm:p-6">
                  <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
                    <Icon className="size-7" aria-hidden="true" />
                  </span>
                  <span className="font-semibold">{t(`categories.names.${category.key}`)}</span>
                  <span className="min-h-5 text-sm text-base-content/75">
                    {count !== undefined ? (
                      t('categories.count', { count })
                    ) : isPending ? (
                      <span className="skeleton inline-block h-4 w-20 align-middle" aria-hidden="true" />
                    ) : null}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </HomeSection>
  );
}
