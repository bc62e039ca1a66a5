import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddCardForm } from './AddCardForm';

describe('adding a customer card (component)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a mistyped number and a short check code are caught in the form, without asking the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const onAdded = vi.fn();
    render(<AddCardForm onAdded={onAdded} />);
    fireEvent.change(screen.getByLabelText('Kartennummer'), { target: { value: '1234 5678 9012' } });
    fireEvent.change(screen.getByLabelText('Prüfcode'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Karte hinzufügen' }));
    expect(screen.getByText('Bitte prüfe die Kartennummer: Sie hat 12 Ziffern, so wie sie auf deiner Karte steht.')).toBeTruthy();
    expect(screen.getByText('Der Prüfcode hat 6 Ziffern.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(onAdded).not.toHaveBeenCalled();
  });
});
