import { ClipboardList, MapPin, MessageSquareText, Wallet } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { HomeSection } from './home-section';

const ICONS = [MapPin, Wallet, MessageSquareText, ClipboardList];

export function WhyChoose() {
  const { t } = useTranslation('home');
  return (
    <HomeSection headingId="home-why-heading" title={t('why.heading')} intro={t('why.intro')} band>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {ICONS.map((Icon, i) => (
          <li key={i} className="card bg-base-100 shadow-sm">
            <div className="card-body grid grid-cols-[auto_1fr] items-start gap-x-4 gap-y-2 p-5 sm:flex sm:flex-col sm:gap-3 sm:p-6">
              <span className="row-span-2 flex size-12 items-center justify-center rounded-box bg-secondary/10 text-secondary">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="card-title text-lg">{t(`why.items.${i}.title`)}</h3>
              <p className="text-sm text-base-content/80">{t(`why.items.${i}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
