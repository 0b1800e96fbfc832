import { useMutation } from '@tanstack/react-query';
import type { ApiError, ContactInput } from '@plataforma/adapter';
import { api } from '../api';

/** Sends the contact form to the organisers (POST /contacts). */
export const useSendContact = () => useMutation<unknown, ApiError, ContactInput>({ mutationFn: (input) => api.site.contacts.send(input) });
