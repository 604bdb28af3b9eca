// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContactList } from './contact-list';

afterEach(cleanup);

/** The value a label names: the dd right after its dt, as a screen reader pairs them. */
function valueUnder(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  expect(value?.tagName, label).toBe('DD');
  return value as HTMLElement;
}

describe('a list of contacts', () => {
  it('puts the contact person under «Контактное лицо», or under the label the screen gives', () => {
    render(
      <ContactList
        contacts={[
          { kind: 'person', value: 'Наталья Сергеевна Орлова' },
          { kind: 'person', label: 'Контактное лицо школы', value: 'Елена Викторовна Смирнова' },
        ]}
      />,
    );

    expect(valueUnder('Контактное лицо').textContent).toBe('Наталья Сергеевна Орлова');
    expect(valueUnder('Контактное лицо школы').textContent).toBe('Елена Викторовна Смирнова');
    // A name leads nowhere: it is text, not a link.
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('makes every phone a tel: link and every e-mail a mailto: link, each under its label', () => {
    render(
      <>
        <ContactList
          contacts={[
            { kind: 'phone', value: '+7 (495) 987-65-43' },
            { kind: 'email', value: 'natalia@example.org' },
          ]}
        />
        <ContactList
          contacts={[
            { kind: 'phone', label: 'Телефон школы', value: '8 (916) 555-44-33' },
            { kind: 'email', label: 'E-mail школы', value: 'class@example.org' },
          ]}
        />
      </>,
    );

    const link = (label: string) => within(valueUnder(label)).getByRole('link').getAttribute('href');
    expect(link('Телефон')).toBe('tel:+74959876543');
    expect(link('E-mail')).toBe('mailto:natalia@example.org');
    expect(link('Телефон школы')).toBe('tel:89165554433');
    expect(link('E-mail школы')).toBe('mailto:class@example.org');
    expect(screen.getByRole('link', { name: '8 (916) 555-44-33' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'class@example.org' })).toBeTruthy();
  });

  it('leaves out an empty contact, or says «не указано» where missing values are shown', () => {
    const { unmount } = render(
      <ContactList
        contacts={[
          { kind: 'person', value: 'Ольга Смирнова' },
          { kind: 'phone', value: '  ' },
          { kind: 'email', value: null },
        ]}
      />,
    );
    expect(screen.queryByText('Телефон')).toBeNull();
    expect(screen.queryByText('E-mail')).toBeNull();
    unmount();

    render(<ContactList showMissing contacts={[{ kind: 'phone', value: null }]} />);
    expect(valueUnder('Телефон').textContent).toBe('не указано');
  });
});
