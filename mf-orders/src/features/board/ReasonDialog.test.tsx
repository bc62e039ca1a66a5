import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReasonDialog } from './ReasonDialog';

describe('the board asks why an order is rejected or cancelled (component)', () => {
  it('asks with the order number; a preset fills the reason, which is answered', () => {
    const onAnswer = vi.fn();
    render(<ReasonDialog request={{ kind: 'reject', orderNumber: 1042 }} onAnswer={onAnswer} />);
    expect(screen.getByText('Bestellung Nr. 1042 ablehnen?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Küche ausgelastet' }));
    expect(screen.getByRole('button', { name: 'Küche ausgelastet' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('board-reason-confirm'));
    expect(onAnswer).toHaveBeenCalledWith('Küche ausgelastet');
  });

  it('refuses a reason under 3 characters with an error tied to the field, and trims a valid one', () => {
    const onAnswer = vi.fn();
    render(<ReasonDialog request={{ kind: 'cancel', orderNumber: 7 }} onAnswer={onAnswer} />);
    const field = screen.getByTestId('board-reason');
    fireEvent.change(field, { target: { value: ' ab ' } });
    fireEvent.click(screen.getByTestId('board-reason-confirm'));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Bitte gib einen Grund an (mindestens 3 Zeichen).');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '  Gast nicht erreichbar ' } });
    fireEvent.click(screen.getByTestId('board-reason-confirm'));
    expect(onAnswer).toHaveBeenCalledWith('Gast nicht erreichbar');
    expect(screen.getByTestId('board-reason-confirm').textContent).toBe('Stornieren');
  });

  it('aborting answers null', () => {
    const onAnswer = vi.fn();
    render(<ReasonDialog request={{ kind: 'reject', orderNumber: 1 }} onAnswer={onAnswer} />);
    fireEvent.click(screen.getByTestId('board-reason-abort'));
    expect(onAnswer).toHaveBeenCalledWith(null);
  });
});
