import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Service } from '@meramot/shared';
import { addTranslations, setLanguage } from '@/lib/i18n';
import photosEn from '@/locales/en/photos.json';
import providerEn from '@/locales/en/provider.json';
import { makePhoto, makeService, makeUser, placeLabels } from '@/testing/fixtures';
import { renderAt } from '@/testing/render';
import { callsTo, server } from '@/testing/server';
import { ServiceForm, type ServiceFormValues } from './service-form';

// As the Add Service route does: the form's texts, in Bangla too.
addTranslations('provider', providerEn, () => import('@/locales/bn/provider.json'));
addTranslations('photos', photosEn, () => import('@/locales/bn/photos.json'));

const USER = makeUser({ email: 'rahim@meramot.test', displayName: 'Rahim Uddin' });

/** The Add / Edit form alone; `onSubmit` receives what it sends. */
function renderForm(service?: Service) {
  const onSubmit = vi.fn<(values: ServiceFormValues) => void>();
  const result = renderAt(<ServiceForm user={USER} service={service} saving={false} onSubmit={onSubmit} />);
  return { ...result, onSubmit };
}

/** A service being edited: valid in every field and with a photo, so only its place is at stake. */
const editable = (overrides: Partial<Service> = {}) =>
  makeService({ providerEmail: USER.email, photos: [makePhoto()], ...overrides });

// Label queries where role queries over the whole form would be slow (many checkboxes).
const district = () => screen.getByLabelText('District', { selector: 'input' });
const districtList = () => screen.getByLabelText(/^Districts of/, { selector: 'ul' });
const districtNames = () =>
  within(districtList())
    .queryAllByRole('option')
    .map((o) => o.firstChild!.textContent);
const areasGroup = () => screen.getByText('Areas served').closest('fieldset')!;
const areaBox = (name: string) => within(areasGroup()).getByLabelText(name, { selector: 'input[type="checkbox"]' });
const areaNames = (kind: 'City areas' | 'Upazilas') =>
  within(within(areasGroup()).getByRole('group', { name: kind }))
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')!.textContent);
const chosenChips = () =>
  within(screen.getByRole('list', { name: 'Chosen areas' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

async function chooseDistrict(user: ReturnType<typeof userEvent.setup>, typed: string, option: string) {
  await waitFor(() => expect(district()).toBeEnabled());
  await user.clear(district());
  await user.type(district(), typed);
  await user.click(within(districtList()).getByRole('option', { name: option }));
}

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('the place of a service: division, then district, then areas', () => {
  it('keeps the district off until a division is chosen, then lists its districts sorted, in English', async () => {
    const user = userEvent.setup();
    renderForm();
    // The controls' roles and names, once (label queries below, for speed).
    expect(screen.getByRole('combobox', { name: 'District' })).toBe(district());
    expect(screen.getByRole('group', { name: 'Areas served (optional)' })).toBe(areasGroup());
    expect(district()).toBeDisabled();
    expect(district()).toHaveAccessibleDescription('Choose the area first: its districts are listed here.');
    expect(areasGroup()).toHaveAccessibleDescription('Choose the district first to pick the areas you serve in it.');

    await user.selectOptions(screen.getByLabelText('Area'), 'Chittagong');
    await waitFor(() => expect(district()).toBeEnabled());
    expect(district()).toHaveAccessibleDescription('Type its name in English or Bangla, or pick it from the list.');
    expect(district()).toHaveAttribute('aria-expanded', 'false');
    await user.click(district());
    expect(district()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Districts of Chittagong' })).toBe(districtList());
    expect(districtNames()).toEqual(['Chattogram', 'Coxsbazar', 'Cumilla']);
    // Each name also in the other language, for the eye only.
    expect(within(districtList()).getByRole('option', { name: 'Cumilla' })).toHaveTextContent('Cumillaকুমিল্লা');
  });

  it('filters the districts by another spelling ("Comilla" finds Cumilla), then lists its upazilas', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText('Area'), 'Chittagong');
    await waitFor(() => expect(district()).toBeEnabled());
    await user.type(district(), 'Comilla');
    expect(districtNames()).toEqual(['Cumilla']);
    await user.type(district(), 'x');
    expect(districtNames()).toEqual([]);
    expect(
      within(districtList().parentElement!).getByText('No district of Chittagong matches “Comillax”.'),
    ).toBeVisible();
    await user.type(district(), '{Backspace}');
    await user.click(within(districtList()).getByRole('option', { name: 'Cumilla' }));
    expect(district()).toHaveValue('Cumilla');
    expect(district()).toHaveAttribute('aria-expanded', 'false');

    expect(areasGroup()).toHaveAccessibleDescription(
      /up to 12\. Leave them all unticked if you serve the whole district\. No area chosen: the service covers all of Cumilla\./,
    );
    expect(areaNames('Upazilas')).toEqual(['Comilla Sadar', 'Daudkandi', 'Laksam']);
    expect(within(areasGroup()).queryByRole('group', { name: 'City areas' })).not.toBeInTheDocument();
  });

  it('works with the keyboard alone: arrows, Enter chooses (and sends nothing), Escape puts the name back', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.selectOptions(screen.getByLabelText('Area'), 'Dhaka');
    await waitFor(() => expect(district()).toBeEnabled());
    await user.tab();
    expect(district()).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(districtNames()).toEqual(['Dhaka', 'Gazipur']);
    expect(district()).toHaveAttribute('aria-activedescendant', 'serviceDistrict-option-dhaka');
    await user.keyboard('{ArrowDown}');
    expect(district()).toHaveAttribute('aria-activedescendant', 'serviceDistrict-option-gazipur');
    await user.keyboard('{Enter}');
    expect(district()).toHaveValue('Gazipur');
    expect(within(areasGroup()).getByRole('checkbox', { name: 'Kaliakair' })).toBeInTheDocument();

    await user.type(district(), 'zzz');
    await user.keyboard('{Escape}');
    expect(district()).toHaveValue('Gazipur');
    await user.keyboard('{Enter}');
    // Enter in the field neither sent the form nor showed its errors.
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByText('Service Name is required')).not.toBeInTheDocument();

    // Tab reaches the filter box, then the first checkbox, which Space ticks.
    await user.tab();
    expect(screen.getByLabelText('Find an area')).toHaveFocus();
    await user.tab();
    expect(areaBox('Gazipur Sadar')).toHaveFocus();
    await user.keyboard(' ');
    expect(areaBox('Gazipur Sadar')).toBeChecked();
  });

  it('lists the city areas first, filters them in English or Bangla, and Enter in the filter sends nothing', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.selectOptions(screen.getByLabelText('Area'), 'Dhaka');
    await chooseDistrict(user, 'dhaka', 'Dhaka');
    const groups = within(areasGroup())
      .getAllByRole('group')
      .map((g) => g.querySelector('legend')!.textContent);
    expect(groups).toEqual(['City areas', 'Upazilas']);
    expect(areaNames('City areas')).toHaveLength(16);
    expect(areaNames('Upazilas')).toEqual(['Keraniganj', 'Savar']);

    const filter = screen.getByLabelText('Find an area');
    await user.type(filter, 'Dhanmandi{Enter}');
    expect(areaNames('City areas')).toEqual(['Dhanmondi']);
    expect(within(areasGroup()).queryByRole('group', { name: 'Upazilas' })).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByText('Service Name is required')).not.toBeInTheDocument();

    await user.clear(filter);
    await user.type(filter, 'মির');
    expect(areaNames('City areas')).toEqual(['Mirpur']);
    await user.clear(filter);
    await user.type(filter, 'nowhere');
    expect(within(areasGroup()).getByText('No area of Dhaka matches “nowhere”.')).toBeInTheDocument();
  });

  it('counts the chosen areas aloud, shows them as buttons that remove them, and stops at 12', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText('Area'), 'Dhaka');
    await chooseDistrict(user, 'Dhaka', 'Dhaka');
    const count = document.getElementById('serviceAreas-count')!;
    expect(count).toHaveAttribute('aria-live', 'polite');
    expect(count).toHaveTextContent('No area chosen: the service covers all of Dhaka.');

    await user.click(areaBox('Mirpur'));
    await user.click(areaBox('Pallabi'));
    await user.click(areaBox('Savar'));
    expect(count).toHaveTextContent('3 of 12 areas chosen.');
    expect(chosenChips()).toEqual(['Mirpur', 'Pallabi', 'Savar']);

    // Removing Pallabi's button moves the focus to the next one.
    await user.click(screen.getByRole('button', { name: 'Remove Pallabi' }));
    expect(areaBox('Pallabi')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove Savar' })).toHaveFocus();
    expect(count).toHaveTextContent('2 of 12 areas chosen.');

    const rest = ['Adabor', 'Badda', 'Banani', 'Dhanmondi', 'Gulshan', 'Jatrabari', 'Khilgaon', 'Lalbagh', 'Motijheel'];
    for (const name of rest) await user.click(areaBox(name));
    expect(count).toHaveTextContent('11 of 12 areas chosen.');
    expect(areaBox('Ramna')).toBeEnabled();
    await user.click(areaBox('Ramna'));
    expect(count).toHaveTextContent(
      '12 of 12 areas chosen.A service names at most 12 areas: choose the district alone to serve all of it.',
    );
    expect(areaBox('Tejgaon')).toBeDisabled();
    expect(areaBox('Keraniganj')).toBeDisabled();
    expect(areaBox('Ramna')).toBeEnabled();
    expect(chosenChips()).toHaveLength(12);

    await user.click(areaBox('Ramna'));
    expect(areaBox('Tejgaon')).toBeEnabled();
    expect(count).not.toHaveTextContent(/at most 12/);
  });

  it('clears the areas when the district changes, and the district and areas when the division changes', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText('Area'), 'Dhaka');
    await chooseDistrict(user, 'Dhaka', 'Dhaka');
    await user.click(areaBox('Mirpur'));
    await user.type(screen.getByLabelText('Find an area'), 'sav');

    await chooseDistrict(user, 'Gazi', 'Gazipur');
    expect(within(areasGroup()).queryAllByRole('checkbox', { checked: true })).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Chosen areas' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Find an area')).toHaveValue('');
    await user.click(areaBox('Sreepur'));

    await user.selectOptions(screen.getByLabelText('Area'), 'Sylhet');
    expect(district()).toHaveValue('');
    expect(areasGroup()).toHaveAccessibleDescription('Choose the district first to pick the areas you serve in it.');
    await user.click(district());
    expect(districtNames()).toEqual(['Sylhet']);
  });

  it('starts an edited service from its district and areas, and sends them', async () => {
    const user = userEvent.setup();
    const service = editable({
      serviceArea: 'Dhaka',
      serviceDistrict: 'dhaka',
      serviceAreas: ['dhaka/pallabi', 'dhaka/mirpur'],
      places: placeLabels('dhaka', ['dhaka/pallabi', 'dhaka/mirpur']),
    });
    const { onSubmit } = renderForm(service);
    await waitFor(() => expect(district()).toHaveValue('Dhaka'));
    expect(areaBox('Mirpur')).toBeChecked();
    expect(areaBox('Pallabi')).toBeChecked();
    expect(areaBox('Savar')).not.toBeChecked();
    expect(chosenChips()).toEqual(['Pallabi', 'Mirpur']);
    expect(document.getElementById('serviceAreas-count')).toHaveTextContent('2 of 12 areas chosen.');

    await user.click(areaBox('Savar'));
    await user.click(screen.getByRole('button', { name: 'Update Service' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      serviceArea: 'Dhaka',
      serviceDistrict: 'dhaka',
      serviceAreas: ['dhaka/pallabi', 'dhaka/mirpur', 'dhaka/savar'],
    });
  });

  it('sends a district without areas as an empty list (the whole district)', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm(editable({ serviceArea: 'Chittagong', serviceDistrict: 'coxsbazar' }));
    await waitFor(() => expect(district()).toHaveValue('Coxsbazar'));
    await user.click(screen.getByRole('button', { name: 'Update Service' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ serviceDistrict: 'coxsbazar', serviceAreas: [] });
  });

  it('requires the district: an older service without one says so inline and focuses it, and sends nothing', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm(editable({ serviceArea: 'Dhaka', serviceDistrict: null }));
    await waitFor(() => expect(district()).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Update Service' }));
    expect(await screen.findByText('District is required')).toBeInTheDocument();
    expect(district()).toHaveAttribute('aria-invalid', 'true');
    expect(district()).toHaveAccessibleDescription(/District is required/);
    expect(district()).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    // Choosing one clears the error.
    await chooseDistrict(user, 'Dha', 'Dhaka');
    await waitFor(() => expect(screen.queryByText('District is required')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Update Service' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ serviceDistrict: 'dhaka', serviceAreas: [] });
  });

  it('focuses the first field in error in the order of the form: the area before the district', async () => {
    const user = userEvent.setup();
    renderForm(editable({ serviceArea: '' as Service['serviceArea'], serviceDistrict: null }));
    await user.click(screen.getByRole('button', { name: 'Update Service' }));
    expect(await screen.findByText('Area is required')).toBeInTheDocument();
    expect(screen.getByText('District is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Area')).toHaveFocus();
  });

  it('says the districts are loading, and asks the places once', async () => {
    let release: () => void = () => undefined;
    server.use(
      http.get('/api/places', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return undefined;
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText('Area'), 'Dhaka');
    expect(screen.getByText('Loading the districts...').closest('[role="status"]')).toBeInTheDocument();
    expect(district()).toHaveAccessibleDescription('Loading the districts...');
    expect(district()).toBeDisabled();
    expect(district()).toHaveAttribute('placeholder', 'Loading...');
    release();
    await waitFor(() => expect(district()).toBeEnabled());
    expect(screen.queryByText('Loading the districts...')).not.toBeInTheDocument();
    expect(callsTo('/api/places')).toHaveLength(1);
  });

  it('says when the districts cannot be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      http.get('/api/places', () => (fail ? HttpResponse.json({ error: 'Unavailable' }, { status: 503 }) : undefined)),
    );
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText('Area'), 'Dhaka');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The districts could not be loaded');
    expect(alert).toHaveTextContent('The service cannot be saved without its district.');
    expect(district()).toBeDisabled();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(district()).toBeEnabled());
    expect(screen.queryByText('The districts could not be loaded')).not.toBeInTheDocument();
  });

  it('speaks Bangla: names, filters by Bangla ("কুমি" finds কুমিল্লা), counts in Bengali digits, the error', async () => {
    await act(() => setLanguage('bn'));
    const user = userEvent.setup();
    const { onSubmit } = renderForm(editable({ serviceArea: 'Chittagong', serviceDistrict: null }));
    const combobox = await screen.findByRole('combobox', { name: 'জেলা' });
    await waitFor(() => expect(combobox).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'সার্ভিস আপডেট করুন' }));
    expect(await screen.findByText('জেলা দিতে হবে')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(combobox, 'কুমি');
    const list = screen.getByRole('listbox', { name: 'চট্টগ্রাম বিভাগের জেলা' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.firstChild!.textContent),
    ).toEqual(['কুমিল্লা']);
    await user.keyboard('{Enter}');
    expect(combobox).toHaveValue('কুমিল্লা');

    const group = screen.getByRole('group', { name: /^যেসব এলাকায় কাজ করেন/ });
    expect(within(group).getByRole('group', { name: 'উপজেলা' })).toBeInTheDocument();
    await user.click(within(group).getByRole('checkbox', { name: 'লাকসাম' }));
    expect(document.getElementById('serviceAreas-count')).toHaveTextContent('১২টির মধ্যে ১টি এলাকা বেছে নেওয়া হয়েছে।');
    expect(within(group).getByRole('button', { name: 'লাকসাম বাদ দিন' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'সার্ভিস আপডেট করুন' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ serviceDistrict: 'cumilla', serviceAreas: ['cumilla/laksam'] });
  });
});
