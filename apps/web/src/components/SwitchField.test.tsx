// @vitest-environment happy-dom
import { zodResolver } from '@hookform/resolvers/zod';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CheckboxField, SwitchField } from './SwitchField.tsx';

const schema = z.object({
  terms: z.boolean().refine((v) => v, 'Accept the terms'),
  news: z.boolean(),
});
type Values = z.infer<typeof schema>;

function Form({ onSave, onNews }: { onSave: (v: Values) => void; onNews: (on: boolean) => void }) {
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { terms: false, news: true },
  });
  return (
    <form onSubmit={handleSubmit(onSave)} noValidate>
      <CheckboxField control={control} name="terms" label="Terms" />
      <SwitchField control={control} name="news" label="News" onValueChange={onNews} />
      <button type="submit">Save</button>
    </form>
  );
}

afterEach(cleanup);

describe('SwitchField and CheckboxField', () => {
  it('show their values, write the new ones, show and focus an error, and call onValueChange', async () => {
    const onSave = vi.fn();
    const onNews = vi.fn();
    render(
      <MantineProvider env="test">
        <Form onSave={onSave} onNews={onNews} />
      </MantineProvider>,
    );
    const terms = screen.getByRole('checkbox', { name: 'Terms' });
    const news = screen.getByRole('switch', { name: 'News' });
    expect(terms).not.toBeChecked();
    expect(news).toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Accept the terms')).toBeVisible();
    expect(terms).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.click(terms);
    fireEvent.click(news);
    expect(onNews).toHaveBeenCalledWith(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({ terms: true, news: false });
    expect(screen.queryByText('Accept the terms')).toBeNull();
  });
});
