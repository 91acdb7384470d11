import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { api, ToastArea, type ApiResponse } from '@shop/shared';
import { httpError } from '../test/fixtures';
import ContactPage from './ContactPage';
import { CONTACT_ERRORS, CONTACT_TOASTS } from '@shop/shared/src/contract';

afterEach(() => jest.restoreAllMocks());

function renderPage() {
  render(
    <MemoryRouter>
      <ContactPage />
      <ToastArea />
    </MemoryRouter>,
  );
  return {
    name: screen.getByRole('textbox', { name: 'Name' }),
    email: screen.getByRole('textbox', { name: 'Email' }),
    message: screen.getByRole('textbox', { name: 'Message' }),
    send: () => screen.getByRole('button', { name: /^(Send|Sending…)$/ }),
  };
}

async function fillIn(f: ReturnType<typeof renderPage>, values: { name?: string; email?: string; message?: string }) {
  if (values.name !== undefined) await userEvent.type(f.name, values.name);
  if (values.email !== undefined) await userEvent.type(f.email, values.email);
  if (values.message !== undefined) await userEvent.type(f.message, values.message);
}

describe('ContactForm', () => {
  it('sends the trimmed message, shows progress on Send, then the success toast and line, and clears the fields', async () => {
    let answer!: (r: ApiResponse) => void;
    const post = jest.spyOn(api, 'post').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const f = renderPage();
    await fillIn(f, { name: '  Ada ', email: 'ada@example.com ', message: 'Do you engrave?' });
    await userEvent.click(f.send());

    expect(post).toHaveBeenCalledWith('/contact', { name: 'Ada', email: 'ada@example.com', message: 'Do you engrave?' });
    expect(f.send()).toHaveTextContent('Sending…');
    expect(f.send()).toBeDisabled();
    expect(f.send()).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText(CONTACT_TOASTS.pending)).toBeInTheDocument();
    await userEvent.click(f.send()); // a second click while sending sends nothing more
    expect(post).toHaveBeenCalledTimes(1);

    answer({ status: 202, data: { message: 'Message received' } });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(CONTACT_TOASTS.success));
    await waitFor(() => expect(screen.getAllByText(CONTACT_TOASTS.success)).toHaveLength(2)); // the toast and the line
    expect(f.send()).toHaveTextContent('Send');
    expect(f.send()).toBeEnabled();
    expect(f.name).toHaveValue('');
    expect(f.email).toHaveValue('');
    expect(f.message).toHaveValue('');
  });

  it('checks the fields before sending, with the API’s own words, and lets the writer fix them as they type', async () => {
    const post = jest.spyOn(api, 'post');
    const f = renderPage();
    await fillIn(f, { email: 'ada@example', message: '   ' });
    await userEvent.click(f.send());
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByText(CONTACT_ERRORS.name)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_ERRORS.email)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_ERRORS.message)).toBeInTheDocument();
    expect(f.name).toHaveAttribute('aria-invalid', 'true');
    expect(f.message).toHaveAccessibleDescription(expect.stringContaining(CONTACT_ERRORS.message));
    expect(f.name).toHaveFocus(); // the first field to fix

    await userEvent.type(f.name, 'Ada');
    expect(screen.queryByText(CONTACT_ERRORS.name)).not.toBeInTheDocument();
    await userEvent.type(f.email, '.com');
    expect(screen.queryByText(CONTACT_ERRORS.email)).not.toBeInTheDocument();
    expect(screen.getByText(CONTACT_ERRORS.message)).toBeInTheDocument();
  });

  it('says why when the shop refuses (its message for a 400 or 429), a fixed message otherwise, and keeps what was typed', async () => {
    const post = jest.spyOn(api, 'post').mockRejectedValueOnce(httpError(429, 'Too many attempts. Please try again later.'));
    const f = renderPage();
    await fillIn(f, { name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    await userEvent.click(f.send());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Too many attempts. Please try again later.'));
    expect(f.message).toHaveValue('Hello');
    expect(f.send()).toBeEnabled();

    post.mockRejectedValueOnce(httpError(500, 'Internal server error'));
    await userEvent.click(f.send());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(CONTACT_TOASTS.error));
    await waitFor(() => expect(screen.getAllByText(CONTACT_TOASTS.error)).toHaveLength(2)); // the toast and the line
    expect(f.name).toHaveValue('Ada');
    // Typing again clears the outcome.
    await userEvent.type(f.message, '!');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('counts the message’s characters against its limit', async () => {
    const f = renderPage();
    await fillIn(f, { message: 'Hello' });
    expect(screen.getByText('5 / 5,000')).toBeInTheDocument();
    expect(f.message).toHaveAttribute('maxLength', '5000');
  });
});
