import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readProductClick } from '../../lib/product-clicks.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { EAGER_IMAGES, ProductGrid } from './product-grid.tsx';
import {
  ALL_PRODUCTS,
  birdOfParadise,
  family,
  fiddleLeafFig,
  japaneseMaple,
  livingRoomTrio,
  oliveTree,
  rubberPlant,
  wisteriaArch,
} from './testing/fixtures.ts';

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

function badges(name: string): string[] {
  const list = within(card(name)).queryByRole('list');
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '')
    : [];
}

describe('ProductGrid', () => {
  it('renders a card per product with its picture, link and price', () => {
    renderWithApp(<ProductGrid products={ALL_PRODUCTS} listName="Home page" />);

    expect(screen.getAllByRole('article')).toHaveLength(ALL_PRODUCTS.length);
    const olive = card('Artificial Olive Tree');
    const image = within(olive).getByRole('img', { name: 'Artificial Olive Tree' });
    expect(image).toHaveAttribute('src', '/media/products/artificial-olive-tree.svg?w=400');
    expect(image.getAttribute('srcset')).toContain(
      '/media/products/artificial-olive-tree.svg?w=800 800w',
    );
    expect(image).toHaveAttribute('sizes');
    expect(image).toHaveAttribute('width', '400');
    expect(image).toHaveAttribute('height', '400');
    expect(within(olive).getByRole('link', { name: 'Artificial Olive Tree' })).toHaveAttribute(
      'href',
      '/products/artificial-olive-tree',
    );
  });

  it('loads the first few pictures at once and the rest lazily', () => {
    renderWithApp(<ProductGrid products={ALL_PRODUCTS} listName="Home page" />);

    const images = screen.getAllByRole('img');
    images
      .slice(0, EAGER_IMAGES)
      .forEach((image) => expect(image).toHaveAttribute('loading', 'eager'));
    images.slice(EAGER_IMAGES).forEach((image) => expect(image).toHaveAttribute('loading', 'lazy'));
    // The first picture is the page's largest paint on a phone: fetched before the others.
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    images.slice(1).forEach((image) => expect(image).not.toHaveAttribute('fetchpriority'));
  });

  it('says "from" only when the variations on sale differ in price', () => {
    const peony = family({
      id: 63,
      name: 'Faux Peony Stem',
      variations: [
        { id: 64, options: { Colour: 'Blush pink' }, price: 699 },
        { id: 65, options: { Colour: 'White' }, price: 699 },
      ],
    });
    renderWithApp(
      <ProductGrid products={[oliveTree, peony, birdOfParadise]} listName="Home page" />,
    );

    expect(within(card('Artificial Olive Tree')).getByText(/£54\.99/)).toHaveTextContent(
      'from £54.99',
    );
    expect(within(card('Faux Peony Stem')).getByText(/£6\.99/)).toHaveTextContent(/^£6\.99$/);
    expect(within(card('Artificial Bird of Paradise')).getByText(/£119\.99/)).toHaveTextContent(
      /^£119\.99$/,
    );
  });

  it('shows a badge for each stock situation', () => {
    renderWithApp(<ProductGrid products={ALL_PRODUCTS} listName="Home page" />);

    expect(badges('Artificial Wisteria Arch')).toEqual(['Pre-order']);
    expect(within(card('Artificial Wisteria Arch')).getByText('Restock 15/01/2027')).toBeVisible();
    // A pre-order with a little stock left is a pre-order, not 'Only 2 left'.
    expect(badges('Artificial Japanese Maple')).toEqual(['Pre-order']);
    expect(
      within(card('Artificial Japanese Maple')).getByText('Restock date To be confirmed'),
    ).toBeVisible();
    expect(badges('Artificial Bird of Paradise')).toEqual(['Only 5 left']);
    expect(badges('Artificial Rubber Plant')).toEqual(['Out of stock']);
    expect(badges('Living Room Trio Bundle')).toEqual(['Bundle']);
    expect(badges('Artificial Fiddle Leaf Fig')).toEqual(['Some sizes discontinued']);
    expect(badges('Artificial Olive Tree')).toEqual(['Some options discontinued']);
  });

  it('shows no badges for an ordinary product in stock', () => {
    const fern = family({
      id: 39,
      name: 'Artificial Boston Fern',
      variations: [{ id: 40, price: 3499, available: 60 }],
    });
    renderWithApp(<ProductGrid products={[fern]} listName="Home page" />);

    expect(badges('Artificial Boston Fern')).toEqual([]);
    expect(screen.queryByText(/restock/i)).not.toBeInTheDocument();
  });

  it('records a product click in the data layer and the product-clicks cookie, then opens the product', async () => {
    window.dataLayer = [];
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithApp(
      <ProductGrid products={[japaneseMaple, oliveTree, rubberPlant]} listName="Category: Trees" />,
    );

    await user.click(screen.getByRole('link', { name: 'Artificial Olive Tree' }));

    await waitFor(() => expect(window.dataLayer).toHaveLength(2));
    expect(window.dataLayer).toEqual([
      { ecommerce: null },
      {
        event: 'productClick',
        ecommerce: {
          click: {
            actionField: { list: 'Category: Trees' },
            products: [
              {
                id: '1',
                name: 'Artificial Olive Tree',
                price: '54.99',
                brand: 'Everbloom',
                category: 'Trees',
                variant: '90cm, Black pot',
                position: 2,
              },
            ],
          },
        },
      },
    ]);
    expect(readProductClick(oliveTree.id)).toEqual({ list: 'Category: Trees', position: 2 });
    expect(router.state.location.pathname).toBe('/products/artificial-olive-tree');
  });

  it('keeps earlier clicks in the cookie', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(
      <ProductGrid products={[fiddleLeafFig, wisteriaArch, livingRoomTrio]} listName="Home page" />,
    );

    await user.click(screen.getByRole('link', { name: 'Living Room Trio Bundle' }));
    await user.click(screen.getByRole('link', { name: 'Artificial Fiddle Leaf Fig' }));

    await waitFor(() => expect(readProductClick(fiddleLeafFig.id)).not.toBeNull());
    expect(readProductClick(livingRoomTrio.id)).toEqual({ list: 'Home page', position: 3 });
    expect(readProductClick(fiddleLeafFig.id)).toEqual({ list: 'Home page', position: 1 });
  });
});
