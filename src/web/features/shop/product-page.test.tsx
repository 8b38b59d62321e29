import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { ProductPage } from './product-page.tsx';
import {
  birdOfParadise,
  fiddleLeafFig,
  japaneseMaple,
  livingRoomTrio,
  oliveTree,
  reply,
  rubberPlant,
  wisteriaArch,
} from './testing/fixtures.ts';

const PRODUCTS = [
  oliveTree,
  fiddleLeafFig,
  japaneseMaple,
  wisteriaArch,
  birdOfParadise,
  rubberPlant,
  livingRoomTrio,
];

/** The product API for the fixtures, plus any extra handlers. */
function productApi(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    ...Object.fromEntries(
      PRODUCTS.map((p): [string, ApiHandler] => [
        `GET /api/v1/products/${p.slug}`,
        () => reply({ product: p }),
      ]),
    ),
    ...extra,
  });
}

function openProduct(product: FamilyView | string, search = '') {
  const slug = typeof product === 'string' ? product : product.slug;
  return renderWithApp(null, {
    path: `/products/${slug}${search}`,
    routes: [
      { path: '/products/:slug', element: <ProductPage /> },
      { path: '/basket', element: <h1>Your basket</h1> },
    ],
  });
}

const radio = (name: string | RegExp) => screen.getByRole('radio', { name });
const addButton = () => screen.getByRole('button', { name: 'Add to basket' });
const quantity = () => screen.getByRole('spinbutton', { name: 'Quantity' });

describe('ProductPage', () => {
  it('shows the product with its breadcrumb, picture, price and description', async () => {
    productApi();
    openProduct(oliveTree);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Artificial Olive Tree' }),
    ).toBeVisible();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByRole('link', { name: 'Trees' })).toHaveAttribute(
      'href',
      '/categories/trees',
    );
    expect(
      screen.getByRole('img', { name: 'Artificial Olive Tree — 90cm, Black pot' }),
    ).toHaveAttribute('src', '/media/products/artificial-olive-tree-olv-90-blk.svg?w=400');
    expect(screen.getByText('£54.99')).toBeVisible();
    expect(screen.getByText('£45.82 ex. VAT')).toBeVisible();
    expect(screen.getByText(oliveTree.description)).toBeVisible();
    expect(screen.getByText('In stock')).toBeVisible();
    expect(document.title).toBe('Artificial Olive Tree | Everbloom');
  });

  it('opens on the cheapest variation that can be bought', async () => {
    productApi();
    openProduct(oliveTree);

    await screen.findByRole('group', { name: 'Size' });
    expect(radio(/^90cm/)).toBeChecked();
    expect(radio(/^Black pot/)).toBeChecked();
  });

  it('preselects the variation named in ?variation=', async () => {
    productApi();
    openProduct(oliveTree, '?variation=5');

    expect(await screen.findByRole('radio', { name: /^120cm/ })).toBeChecked();
    expect(radio(/^Grey pot/)).toBeChecked();
    expect(screen.getByText('£79.99')).toBeVisible();
    expect(screen.getByText('120cm, Grey pot')).toBeVisible();
  });

  it('picks the matching variation and price when an option changes, keeping ?variation= in step', async () => {
    productApi();
    const user = userEvent.setup({ delay: null });
    const { router } = openProduct(oliveTree);
    await screen.findByRole('group', { name: 'Size' });

    await user.click(radio(/^120cm/));

    expect(radio(/^120cm/)).toBeChecked();
    expect(radio(/^Black pot/)).toBeChecked();
    expect(screen.getByText('£79.99')).toBeVisible();
    expect(screen.getByText('£66.66 ex. VAT')).toBeVisible();
    expect(router.state.location.search).toBe('?variation=4');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('marks values that do not combine with the current choice, and moves to the nearest variation when one is picked', async () => {
    productApi();
    const user = userEvent.setup({ delay: null });
    const { router } = openProduct(oliveTree);
    await screen.findByRole('group', { name: 'Size' });

    // 90cm, Black pot: there is no 150cm in a black pot, and 90cm in grey is discontinued.
    expect(radio('150cm Unavailable')).toBeEnabled();
    expect(radio('Grey pot Unavailable')).toBeEnabled();
    expect(radio('120cm')).toBeInTheDocument();

    await user.click(radio(/^150cm/));

    expect(radio(/^150cm/)).toBeChecked();
    expect(radio(/^Grey pot/)).toBeChecked();
    expect(screen.getByText('£119.99')).toBeVisible();
    expect(router.state.location.search).toBe('?variation=7');
    expect(
      screen.getByText('That combination isn’t available, so we’ve changed pot to Grey pot.'),
    ).toBeVisible();
    // From 150cm in grey, a black pot is the one that does not combine.
    expect(radio('Black pot Unavailable')).toBeInTheDocument();
    expect(radio('90cm Unavailable')).toBeInTheDocument();
  });

  it('says a discontinued variation is no longer sold and will not add it', async () => {
    productApi();
    const user = userEvent.setup({ delay: null });
    openProduct(fiddleLeafFig);
    await screen.findByRole('group', { name: 'Size' });
    expect(radio('150cm Unavailable')).toBeInTheDocument();

    await user.click(radio(/^150cm/));

    expect(
      screen.getByText(
        'Sorry, this variation has been discontinued and is no longer available to purchase.',
      ),
    ).toBeVisible();
    expect(addButton()).toBeDisabled();
    expect(screen.queryByText('In stock')).not.toBeInTheDocument();

    await user.click(radio('120cm'));
    expect(screen.queryByText(/has been discontinued/)).not.toBeInTheDocument();
    expect(addButton()).toBeEnabled();
  });

  it('shows the exact combination picked even when it is discontinued, rather than changing another option', async () => {
    productApi();
    const user = userEvent.setup({ delay: null });
    const { router } = openProduct(oliveTree);
    await screen.findByRole('group', { name: 'Pot' });

    await user.click(radio(/^Grey pot/));

    expect(radio(/^90cm/)).toBeChecked();
    expect(radio(/^Grey pot/)).toBeChecked();
    expect(router.state.location.search).toBe('?variation=3');
    expect(screen.getByText(/has been discontinued/)).toBeVisible();
    expect(addButton()).toBeDisabled();
  });

  it('shows the discontinued message for a discontinued ?variation=', async () => {
    productApi();
    openProduct(oliveTree, '?variation=3');

    expect(await screen.findByText(/has been discontinued/)).toBeVisible();
    expect(addButton()).toBeDisabled();
  });

  it('gives the restock date of a pre-order and lets any quantity be ordered', async () => {
    productApi();
    const user = userEvent.setup({ delay: null });
    openProduct(wisteriaArch);

    expect(
      await screen.findByText('Pre-order: expected back in stock on 15/01/2027'),
    ).toBeVisible();
    expect(screen.queryByText('Out of stock')).not.toBeInTheDocument();
    expect(addButton()).toBeEnabled();
    await user.clear(quantity());
    await user.type(quantity(), '40{Enter}');
    expect(quantity()).toHaveValue(40);
  });

  it('says the restock date is to be confirmed when the pre-order has none', async () => {
    productApi();
    openProduct(japaneseMaple);

    expect(await screen.findByText('Pre-order: restock date To be confirmed')).toBeVisible();
    expect(screen.getByText('Only 2 left')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
  });

  it('caps the quantity at the stock left', async () => {
    productApi();
    const user = userEvent.setup({ delay: null });
    openProduct(oliveTree, '?variation=4');

    expect(await screen.findByText('Only 3 left')).toBeVisible();
    const increase = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(increase);
    await user.click(increase);
    expect(quantity()).toHaveValue(3);
    expect(increase).toBeDisabled();

    await user.clear(quantity());
    await user.type(quantity(), '9{Enter}');
    expect(quantity()).toHaveValue(3);
  });

  it('will not add a product that is out of stock', async () => {
    productApi();
    openProduct(rubberPlant);

    expect(await screen.findByText('Out of stock')).toBeVisible();
    expect(addButton()).toBeDisabled();
  });

  it('lists what comes in a bundle', async () => {
    productApi();
    openProduct(livingRoomTrio);

    const bundle = await screen.findByRole('region', { name: 'In this bundle' });
    const items = within(bundle).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1 × Artificial Boston Fern',
      '2 × Faux Eucalyptus Spray',
      '3 × Faux Peony Stem — Blush pink',
    ]);
    expect(within(bundle).getByRole('link', { name: 'Faux Eucalyptus Spray' })).toHaveAttribute(
      'href',
      '/products/faux-eucalyptus-spray?variation=68',
    );
  });

  it('adds the chosen variation and quantity to the basket', async () => {
    const { calls } = productApi({
      'POST /api/v1/basket': () => reply({ items: [], item_count: 2 }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = openProduct(oliveTree, '?variation=5');
    await screen.findByRole('group', { name: 'Size' });

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(addButton());

    const added = (await screen.findByText('Added to your basket')).parentElement;
    expect(added).toHaveTextContent(
      'Added to your basket 2 × Artificial Olive Tree — 120cm, Grey pot',
    );
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      method: 'POST',
      path: '/api/v1/basket',
      body: { product_id: 5, quantity: 2 },
    });

    await user.click(screen.getByRole('link', { name: 'View basket' }));
    expect(router.state.location.pathname).toBe('/basket');
  });

  it('shows "Adding…" while the basket is updated', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetchMock } = productApi({
      'POST /api/v1/basket': () => reply({ items: [], item_count: 1 }),
    });
    const user = userEvent.setup({ delay: null });
    openProduct(birdOfParadise);
    await screen.findByRole('heading', { level: 1 });
    // Hold the reply back, so the busy state can be seen.
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args) => {
      await gate;
      return answer(...args);
    });

    await user.click(addButton());
    expect(screen.getByRole('button', { name: 'Adding…' })).toBeDisabled();
    release();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add to basket' })).toBeEnabled(),
    );
  });

  it('shows the server’s message beside the button when the add fails', async () => {
    productApi({
      'POST /api/v1/basket': () => ({
        status: 409,
        body: {
          error_type: 'insufficient_stock',
          message: 'Sorry, only 5 of Artificial Bird of Paradise are available.',
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    openProduct(birdOfParadise);
    await screen.findByRole('heading', { level: 1 });

    await user.click(addButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, only 5 of Artificial Bird of Paradise are available.',
    );
    expect(screen.queryByText('Added to your basket')).not.toBeInTheDocument();
  });

  it('says so when the product cannot be found', async () => {
    productApi();
    openProduct('no-such-plant');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sorry, we can’t find that product' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse our plants and flowers' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});

describe('ProductPage: back-in-stock sign-up', () => {
  it('offers it on a sold-out variation only', async () => {
    productApi();
    openProduct(rubberPlant);
    expect(
      await screen.findByRole('heading', { name: 'Email me when it’s back in stock' }),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeVisible();
  });

  it('does not offer it on a product in stock or on pre-order', async () => {
    productApi();
    const { unmount } = openProduct(oliveTree);
    expect(await screen.findByRole('button', { name: 'Add to basket' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Email me when it’s back in stock' })).toBeNull();
    unmount();
    openProduct(wisteriaArch);
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull();
  });
});
