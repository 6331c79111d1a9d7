-- Headless Neovim as a real LSP client (test/lsp/neovim.test.ts): starts the
-- built server on the file given in QASM_FILE, waits for its diagnostics,
-- applies the ccx quick fix through vim.lsp.buf.code_action and writes what
-- it saw as JSON to QASM_REPORT.
local server = os.getenv('QASM_SERVER')
local file = os.getenv('QASM_FILE')
local report_path = os.getenv('QASM_REPORT')
local report = { events = {} }

local function finish()
  local out = io.open(report_path, 'w')
  out:write(vim.fn.json_encode(report))
  out:close()
  vim.cmd('qall!')
end

local function diagnostics()
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(list, { lnum = d.lnum, col = d.col, end_col = d.end_col, message = d.message, code = d.user_data and d.user_data.lsp and d.user_data.lsp.code or vim.NIL, severity = d.severity })
  end
  return list
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local config = {
    name = 'qasm3-preflight',
    cmd = { 'node', server, 'lsp', '--stdio' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
    settings = { qasm3Preflight = { target = 'qpu.aria-1' } },
  }
  if vim.lsp.start then
    vim.lsp.start(config)
    report.started_with = 'vim.lsp.start'
  else
    -- Neovim 0.7 (Debian 12) predates vim.lsp.start: the same client by hand.
    local id = vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(0, id)
    report.started_with = 'vim.lsp.start_client'
  end
  report.waited_for_diagnostics = vim.wait(15000, function() return #vim.diagnostic.get(0) >= 2 end, 50)
  report.before = diagnostics()

  -- Pick the ccx fix from the code-action menu, as a user would.
  vim.ui.select = function(items, opts, on_choice)
    for _, item in ipairs(items) do
      local action = item[2] or item.action or item
      table.insert(report.events, action.title)
    end
    for _, item in ipairs(items) do
      local action = item[2] or item.action or item
      if action.title:find('ctrl%(2%) @ x') then return on_choice(item) end
    end
    on_choice(nil)
  end
  vim.api.nvim_win_set_cursor(0, { 2, 1 })
  vim.lsp.buf.code_action()
  report.applied = vim.wait(15000, function() return vim.api.nvim_buf_get_lines(0, 1, 2, false)[1]:find('ctrl', 1, true) ~= nil end, 50)
  report.waited_after_fix = vim.wait(15000, function() return #vim.diagnostic.get(0) == 1 end, 50)
  report.after = diagnostics()
  report.lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
end)
if not ok then report.error = tostring(err) end
finish()
